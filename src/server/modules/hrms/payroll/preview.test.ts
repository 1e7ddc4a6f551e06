/**
 * POST /api/hrms/payroll/preview (issue 35, "The calculator"): the two worked examples
 * (HMRC: £3,000 in month 1 on 1257L; IRS Publication 15-T 2025 Worksheet 1A: $6,000 monthly,
 * single) answered byte for byte; who may call it; 400s that name the field; nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_MESSAGES } from '@/shared/modules';
import { PAYROLL_MESSAGES, PAYROLL_PREVIEW_EXAMPLES } from '@/shared/payroll';
import { Client, createTestApp, ORIGIN, signUpCompany, type TestApp } from '../../../test/harness';
import { addEntity, addUser, type Company } from '../test-fixtures';

const PATH = '/hrms/payroll/preview';
const GB = PAYROLL_PREVIEW_EXAMPLES.GB;
const US = PAYROLL_PREVIEW_EXAMPLES.US;

/** The answers, as the issue writes them (without its spaces). */
const GB_ANSWER =
  '{"lines":[{"code":"income_tax","amount":"390.20"},{"code":"employee_ni","amount":"156.16"},{"code":"employer_ni","amount":"387.45"}],"net":"2453.64"}';
const US_ANSWER =
  '{"lines":[{"code":"federal_income_tax","amount":"621.17"},{"code":"social_security","amount":"372.00"},{"code":"medicare","amount":"87.00"},' +
  '{"code":"additional_medicare","amount":"0.00"},{"code":"employer_social_security","amount":"372.00"},{"code":"employer_medicare","amount":"87.00"}],"net":"4919.83"}';

let t: TestApp;
let a: Company;
let entityB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  entityB = await addEntity(a);
}, 180_000);
afterAll(() => t.close());

/** The response body exactly as the server wrote it. */
async function rawAnswer(client: Client, body: unknown) {
  const res = await t.app.request(`/api${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: client.cookie },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

describe('the issue’s worked examples', () => {
  it('GB: £3,000 in month 1 on 1257L (HMRC PAYE and Class 1 NI, 2025-26), byte for byte', async () => {
    expect(await rawAnswer(a.client, GB)).toEqual({ status: 200, text: GB_ANSWER });
  });

  it('US: $6,000 monthly, single, Step 2 unchecked (IRS Publication 15-T 2025, Worksheet 1A), byte for byte', async () => {
    expect(await rawAnswer(a.client, US)).toEqual({ status: 200, text: US_ANSWER });
  });

  it('the API reference shows both requests and both answers, and the answers are what the API says', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
      components: { schemas: Record<string, { examples?: unknown[] }> };
    };
    expect(doc.paths[`/api${PATH}`]!.post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/PayrollPreviewInput');
    expect(doc.components.schemas.PayrollPreviewInput!.examples).toEqual([GB, US]);
    expect(doc.components.schemas.PayrollPreview!.examples).toEqual([JSON.parse(GB_ANSWER), JSON.parse(US_ANSWER)]);
  });
});

describe('who may call it: an HRMS App Admin at any entity of the company', () => {
  it('an App Admin at another entity than the first, and one who is only a Member elsewhere, get the answer', async () => {
    const adminAtB = await addUser(t, a, [{ entityId: entityB, role: 'app_admin' }]);
    expect((await adminAtB.client.post(PATH, GB)).status).toBe(200);
    const mixed = await addUser(t, a, [
      { entityId: a.entityId, role: 'member' },
      { entityId: entityB, role: 'app_admin' },
    ]);
    expect((await mixed.client.post(PATH, US)).body).toEqual(JSON.parse(US_ANSWER));
  });

  it('a Member or a Viewer of HRMS gets 403: only an App Admin can do this', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const user = await addUser(t, a, [
        { entityId: a.entityId, role },
        { entityId: entityB, role },
      ]);
      const res = await user.client.post(PATH, GB);
      expect(res.status, role).toBe(403);
      expect(res.body.error.message, role).toBe(MODULE_MESSAGES.appAdminRequired);
    }
  });

  it('an App Admin of another product, or of a company without HRMS, gets 403: no access to the product', async () => {
    const crmAdmin = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin', productId: a.productIds.crm }]);
    const other = await signUpCompany(t, ['crm']);
    for (const client of [crmAdmin.client, other.client]) {
      const res = await client.post(PATH, GB);
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual({ code: 'product_access_required', message: MODULE_MESSAGES.noAccess, requestId: expect.any(String) });
    }
  });

  it('without a session: 401', async () => {
    expect((await new Client(t).post(PATH, GB)).status).toBe(401);
  });
});

describe('input: 400 naming the field', () => {
  const refused = async (body: unknown) => {
    const res = await a.client.post(PATH, body);
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    return res.body.error.message as string;
  };

  it('amounts: negative, a JSON number, three decimals or an exponent are refused; "3000" and "3000.5" are sums of money', async () => {
    for (const gross of ['-3000.00', 3000, '3000.001', '3e3', ' 3000', '']) expect(await refused({ ...GB, gross })).toBe(PAYROLL_MESSAGES.amount('gross'));
    expect(await refused({ ...US, us: { ...US.us, step4c: '-1' } })).toBe(PAYROLL_MESSAGES.amount('us.step4c'));
    expect(await refused({ ...GB, ytd: { gross: '0.00', tax: '1.234' } })).toBe(PAYROLL_MESSAGES.amount('ytd.tax'));
    expect((await a.client.post(PATH, { ...GB, gross: '3000' })).body).toEqual(JSON.parse(GB_ANSWER));
    // 3,000.50 − 1,048.26 = 1,952.24 → 1,952 × 20% = 390.40; NI 1,952.50 × 8% = 156.20; net 3,000.50 − 390.40 − 156.20 = 2,453.90
    expect((await a.client.post(PATH, { ...GB, gross: '3000.5' })).body.net).toBe('2453.90');
  });

  it('an unknown tax code, NI category or filing status', async () => {
    for (const taxCode of ['X1257', '1257', 'S1257L', 'C1257L', 'K0', '1257L M1', 12570]) expect(await refused({ ...GB, uk: { ...GB.uk, taxCode } })).toBe(PAYROLL_MESSAGES.taxCode);
    expect(await refused({ ...GB, uk: { ...GB.uk, niCategory: 'B' } })).toBe(PAYROLL_MESSAGES.niCategory);
    expect(await refused({ ...GB, uk: { ...GB.uk, basis: 'M1' } })).toBe(PAYROLL_MESSAGES.basis);
    expect(await refused({ ...US, us: { ...US.us, filingStatus: 'married_separately' } })).toBe(PAYROLL_MESSAGES.filingStatus);
  });

  it('a country or tax year the rules do not cover, and a currency that is not the country’s', async () => {
    expect(await refused({ ...GB, taxYear: '2024-25' })).toBe(PAYROLL_MESSAGES.taxYearNotCovered('GB', ['2025-26']));
    expect(await refused({ ...US, taxYear: '2026' })).toBe(PAYROLL_MESSAGES.taxYearNotCovered('US', ['2025']));
    for (const country of ['gb', 'GBR', 'U', '']) expect(await refused({ ...GB, country })).toBe(PAYROLL_MESSAGES.country);
    expect(await refused({ ...GB, currency: 'USD' })).toBe(PAYROLL_MESSAGES.currencyOfCountry('GB', 'GBP'));
    // Another country needs the administrator's rules; the UK details do not apply there.
    expect(await refused({ ...GB, country: 'FR', currency: 'EUR' })).toBe(PAYROLL_MESSAGES.sectionRequired('custom', 'FR', 'the rules your administrator set for this country'));
  });

  it('periods and frequencies: period 13 of a monthly year, period 0, semi-monthly UK pay', async () => {
    expect(await refused({ ...GB, period: 13 })).toBe(PAYROLL_MESSAGES.periodTooLate(12, 'monthly'));
    expect(await refused({ ...US, frequency: 'weekly', period: 53 })).toBe(PAYROLL_MESSAGES.periodTooLate(52, 'weekly'));
    expect(await refused({ ...GB, period: 0 })).toBe(PAYROLL_MESSAGES.period);
    expect(await refused({ ...GB, period: 1.5 })).toBe(PAYROLL_MESSAGES.period);
    expect(await refused({ ...GB, frequency: 'semimonthly' })).toBe(PAYROLL_MESSAGES.ukFrequency);
    expect(await refused({ ...GB, frequency: 'daily' })).toBe(PAYROLL_MESSAGES.frequency);
  });

  it('a section or year-to-date figure of another country, a missing section, an unknown field', async () => {
    expect(await refused({ ...GB, us: US.us })).toBe(PAYROLL_MESSAGES.sectionNotForCountry('us', 'GB'));
    expect(await refused({ ...GB, ytd: { socialSecurityWages: '0.00' } })).toBe(PAYROLL_MESSAGES.ytdNotForCountry('socialSecurityWages', 'GB'));
    const { us: _w4, ...withoutW4 } = US;
    expect(await refused(withoutW4)).toBe(PAYROLL_MESSAGES.sectionRequired('us', 'US', 'the Form W-4 entries'));
    expect(await refused({ ...GB, uk: { ...GB.uk, taxcode: '1257L' } })).toBe(PAYROLL_MESSAGES.unknownField(['taxcode']));
    expect(await refused({ ...GB, companyId: a.companyId })).toBe(PAYROLL_MESSAGES.unknownField(['companyId']));
    // __proto__ as a JSON key, as an attacker would send it.
    const proto = await a.client.request('POST', PATH, JSON.stringify(GB).replace(/^\{/, '{"__proto__":{"role":"super_admin"},'));
    expect([proto.status, proto.body.error.message]).toEqual([400, PAYROLL_MESSAGES.unknownField(['__proto__'])]);
  });

  it('year to date may be left out: zero', async () => {
    const { ytd: _ytd, ...withoutYtd } = GB;
    expect((await a.client.post(PATH, withoutYtd)).body).toEqual(JSON.parse(GB_ANSWER));
  });
});

describe('any other country: the administrator’s own rules, labelled on every line', () => {
  const KE = {
    country: 'KE',
    taxYear: '2025',
    frequency: 'monthly',
    period: 1,
    gross: '100000.00',
    currency: 'KES',
    custom: {
      label: 'Kenya rules set by our payroll team',
      components: [
        // Annual brackets: 0% to 120,000, 10% to 600,000, 30% above.
        { code: 'income_tax', label: 'Income tax', kind: 'employee', brackets: [{ from: '0', rate: '0' }, { from: '120000', rate: '0.1' }, { from: '600000.00', rate: '0.3' }] },
        { code: 'pension', label: 'Pension', kind: 'employee', rate: '0.06' },
        { code: 'employer_pension', label: 'Employer pension', kind: 'employer', rate: '0.0575' },
      ],
    },
  };

  it('brackets on annualised pay and flat rates; employer lines are not deducted', async () => {
    // Annual 1,200,000: 10% × 480,000 = 48,000 + 30% × 600,000 = 180,000 → 228,000 / 12 = 19,000.00.
    // Pension 6% = 6,000.00; employer 5.75% = 5,750.00. Net 100,000 − 19,000 − 6,000 = 75,000.00.
    const label = (name: string) => `${name} · Kenya rules set by our payroll team (administrator-configured)`;
    expect(await rawAnswer(a.client, KE)).toEqual({
      status: 200,
      text: JSON.stringify({
        lines: [
          { code: 'income_tax', amount: '19000.00', label: label('Income tax') },
          { code: 'pension', amount: '6000.00', label: label('Pension') },
          { code: 'employer_pension', amount: '5750.00', label: label('Employer pension') },
        ],
        net: '75000.00',
      }),
    });
  });

  it('rules that cannot be applied are refused: both a rate and brackets, brackets not from 0 or not rising, a repeated code, a rate over 1', async () => {
    const [tax, pension] = KE.custom.components;
    const withComponents = (...components: unknown[]) => ({ ...KE, custom: { ...KE.custom, components } });
    expect(await refused(withComponents({ ...tax, rate: '0.1' }))).toBe(PAYROLL_MESSAGES.componentRule);
    expect(await refused(withComponents({ ...tax, brackets: [{ from: '100', rate: '0.1' }] }))).toBe(PAYROLL_MESSAGES.brackets);
    expect(await refused(withComponents({ ...tax, brackets: [{ from: '0', rate: '0' }, { from: '0.00', rate: '0.1' }] }))).toBe(PAYROLL_MESSAGES.brackets);
    expect(await refused(withComponents(pension, { ...pension, label: 'Again' }))).toBe(PAYROLL_MESSAGES.componentCodeTaken);
    expect(await refused(withComponents({ ...pension, rate: '1.5' }))).toBe(PAYROLL_MESSAGES.rate);
    expect(await refused(withComponents())).toBe(PAYROLL_MESSAGES.components);
  });

  async function refused(body: unknown) {
    const res = await a.client.post(PATH, body);
    expect(res.status).toBe(400);
    return res.body.error.message as string;
  }
});

describe('it stores nothing', () => {
  it('no audit event, outbox mail or notification, for answers and refusals alike', async () => {
    const counts = () => t.sql<{ n: string }>("select (select count(*) from audit_events) + (select count(*) from email_outbox) + (select count(*) from notifications) as n");
    const before = await counts();
    for (let i = 0; i < 3; i++) await a.client.post(PATH, i === 1 ? { ...GB, gross: '-1' } : GB);
    expect(await counts()).toEqual(before);
  });
});
