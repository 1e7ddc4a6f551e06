import { z } from 'zod';
import { nameText } from './text';

/**
 * The payroll calculator's contract (issue 35): `POST /api/hrms/payroll/preview` takes one
 * employee's pay for one period and answers the lines of its gross-to-net. Money travels as a
 * decimal string, never a JSON number (a float cannot hold 0.10 exactly): the engine reads it with
 * a decimal library and answers with two places.
 *
 * Amounts may be sent with no decimals or one ("3000", "3000.5"): they mean the same sum of money
 * as "3000.00" and "3000.50", and people type them that way. More than two decimals, a sign, an
 * exponent or spaces are refused, so no amount is rounded before the rules see it.
 */

export const PAY_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** Pay periods in a year (IRS Publication 15-T, Worksheet 1A line 1b; HMRC's weeks and months). */
export const PERIODS_PER_YEAR: Record<PayFrequency, number> = { weekly: 52, biweekly: 26, semimonthly: 24, monthly: 12 };

/** The tax years each country's rule pack holds (src/server/modules/hrms/payroll/rules). */
export const PAYROLL_TAX_YEARS = { GB: ['2025-26'], US: ['2025'] } as const;
export type GbTaxYear = (typeof PAYROLL_TAX_YEARS.GB)[number];
export type UsTaxYear = (typeof PAYROLL_TAX_YEARS.US)[number];

export const UK_BASES = ['cumulative', 'week1month1'] as const;
export const UK_NI_CATEGORIES = ['A'] as const;
export const US_FILING_STATUSES = ['single', 'married_jointly', 'head_of_household'] as const;
export type UsFilingStatus = (typeof US_FILING_STATUSES)[number];

/**
 * UK tax codes the engine knows (England and Northern Ireland rates): a number with suffix L, M, N
 * or T (0T: no allowance), K and a number, BR, D0, D1 and NT. Scottish (S) and Welsh (C) codes come later.
 */
export const UK_TAX_CODE = /^(?:[1-9]\d{0,3}[LMN]|\d{1,4}T|K[1-9]\d{0,3}|BR|D0|D1|NT)$/;

const SUPPORTED_CODES = '1257L, K475, BR, D0, D1, NT or 0T';

/** Every sentence names the field it is about: a 400 says which field to fix. */
export const PAYROLL_MESSAGES = {
  country: 'country must be a two-letter ISO 3166 country code such as GB or US.',
  taxYear: 'taxYear must be a tax year such as 2025 or 2025-26.',
  taxYearNotCovered: (country: string, years: readonly string[]) => `taxYear: the ${country} rules cover ${years.join(', ')}.`,
  frequency: 'frequency must be weekly, biweekly, semimonthly or monthly.',
  ukFrequency: 'frequency: UK PAYE runs weekly, biweekly (two-weekly) or monthly, not semimonthly.',
  period: 'period must be a whole number from 1: the pay period of the tax year.',
  periodTooLate: (max: number, frequency: string) => `period must be from 1 to ${max} for ${frequency} pay.`,
  amount: (field: string) => `${field} must be an amount of money written as a string, such as "3000.00": digits, at most two decimals, not negative.`,
  currency: 'currency must be a three-letter ISO 4217 code such as GBP, USD or EUR.',
  currencyOfCountry: (country: string, currency: string) => `currency: ${country} payroll is calculated in ${currency}.`,
  sectionRequired: (section: string, country: string, what: string) => `${section} is required for country ${country}: ${what}.`,
  sectionNotForCountry: (section: string, country: string) => `${section} does not apply to country ${country}: leave it out.`,
  ytdNotForCountry: (field: string, country: string) => `ytd.${field} does not apply to country ${country}: leave it out.`,
  taxCode: `uk.taxCode must be a UK tax code such as ${SUPPORTED_CODES} (Scottish and Welsh codes are not supported yet).`,
  basis: 'uk.basis must be cumulative or week1month1.',
  niCategory: 'uk.niCategory: only National Insurance category A is supported.',
  filingStatus: 'us.filingStatus must be single, married_jointly or head_of_household.',
  step2: 'us.step2 must be true or false: the Step 2 checkbox of Form W-4.',
  customLabel: 'custom.label must name the rules in 1 to 120 characters, for example "Kenya PAYE as set by our payroll team".',
  componentCode: 'custom.components[].code must be 1 to 40 lower-case letters, digits or underscores, starting with a letter (income_tax).',
  componentCodeTaken: 'custom.components[].code must differ from component to component.',
  componentLabel: 'custom.components[].label must name the component in 1 to 120 characters.',
  componentKind: 'custom.components[].kind must be employee (deducted from pay) or employer (an employer cost).',
  componentRule: 'custom.components[] needs either rate (a flat rate) or brackets, not both.',
  components: 'custom.components must hold 1 to 20 components.',
  rate: 'custom rates must be decimals from 0 to 1 with at most 4 decimals, such as 0.2 for 20%.',
  brackets: 'custom.components[].brackets must start from 0 and each must start above the one before (1 to 20 brackets).',
  unknownField: (keys: readonly PropertyKey[]) => `Unknown field ${keys.map(String).join(', ')}: leave it out.`,
} as const;

/** Refuses keys the schema does not name, saying which (a typo such as `taxcode` is then found). */
const strict = <T extends z.core.$ZodLooseShape>(shape: T, name: string) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? PAYROLL_MESSAGES.unknownField(issue.keys) : `${name} must be an object.`),
  });

const MONEY = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
const moneyField = (field: string) => z.string({ error: PAYROLL_MESSAGES.amount(field) }).regex(MONEY, { error: PAYROLL_MESSAGES.amount(field) });
/** An amount the schema accepted, in cents, to compare without floating point. */
const cents = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
};
const rateField = z.string({ error: PAYROLL_MESSAGES.rate }).regex(/^(?:0(?:\.\d{1,4})?|1(?:\.0{1,4})?)$/, { error: PAYROLL_MESSAGES.rate });

export const ukTaxDetails = strict(
  {
    /** Upper-cased first: "1257l" is the code 1257L as people type it. */
    taxCode: z.string({ error: PAYROLL_MESSAGES.taxCode }).trim().toUpperCase().regex(UK_TAX_CODE, { error: PAYROLL_MESSAGES.taxCode }),
    basis: z.enum(UK_BASES, { error: PAYROLL_MESSAGES.basis }),
    niCategory: z.enum(UK_NI_CATEGORIES, { error: PAYROLL_MESSAGES.niCategory }),
  },
  'uk',
);

/** A 2020-or-later Form W-4: Step 1(c) filing status, the Step 2 checkbox, Steps 3 and 4(a)(b)(c) (annual amounts but 4(c), per period). */
export const usW4 = strict(
  {
    filingStatus: z.enum(US_FILING_STATUSES, { error: PAYROLL_MESSAGES.filingStatus }),
    step2: z.boolean({ error: PAYROLL_MESSAGES.step2 }),
    step3: moneyField('us.step3'),
    step4a: moneyField('us.step4a'),
    step4b: moneyField('us.step4b'),
    step4c: moneyField('us.step4c'),
  },
  'us',
);

const componentCode = z.string({ error: PAYROLL_MESSAGES.componentCode }).regex(/^[a-z][a-z0-9_]{0,39}$/, { error: PAYROLL_MESSAGES.componentCode });
const bracket = strict({ from: moneyField('custom.components[].brackets[].from'), rate: rateField }, 'custom.components[].brackets[]');

/**
 * A component of an administrator's own rules: a flat rate of the period's gross pay, or brackets
 * of annual pay (the period's pay is annualised, taxed by the brackets and divided back, as the US
 * percentage method does). `employer` components are costs of the employer, not deductions.
 */
export const customComponent = strict(
  {
    code: componentCode,
    label: nameText({ required: PAYROLL_MESSAGES.componentLabel, max: 120, maxMessage: PAYROLL_MESSAGES.componentLabel }),
    kind: z.enum(['employee', 'employer'], { error: PAYROLL_MESSAGES.componentKind }),
    rate: rateField.optional(),
    brackets: z.array(bracket, { error: PAYROLL_MESSAGES.brackets }).min(1, { error: PAYROLL_MESSAGES.brackets }).max(20, { error: PAYROLL_MESSAGES.brackets }).optional(),
  },
  'custom.components[]',
).superRefine((component, ctx) => {
  if ((component.rate === undefined) === (component.brackets === undefined)) ctx.addIssue({ code: 'custom', message: PAYROLL_MESSAGES.componentRule });
  const froms = component.brackets?.map((b) => cents(b.from)) ?? [];
  if (froms.length && (froms[0] !== 0n || froms.some((from, i) => i > 0 && from <= froms[i - 1]!)))
    ctx.addIssue({ code: 'custom', message: PAYROLL_MESSAGES.brackets, path: ['brackets'] });
});
export type CustomComponent = z.infer<typeof customComponent>;

export const customRules = strict(
  {
    label: nameText({ required: PAYROLL_MESSAGES.customLabel, max: 120, maxMessage: PAYROLL_MESSAGES.customLabel }),
    components: z.array(customComponent, { error: PAYROLL_MESSAGES.components }).min(1, { error: PAYROLL_MESSAGES.components }).max(20, { error: PAYROLL_MESSAGES.components }),
  },
  'custom',
).superRefine((rules, ctx) => {
  const codes = rules.components.map((c) => c.code);
  if (new Set(codes).size !== codes.length) ctx.addIssue({ code: 'custom', message: PAYROLL_MESSAGES.componentCodeTaken, path: ['components'] });
});

/** Figures before this period: UK taxable gross and tax paid; US wages subject to each tax. Absent: zero. */
export const payrollYtd = strict(
  {
    gross: moneyField('ytd.gross').optional(),
    tax: moneyField('ytd.tax').optional(),
    socialSecurityWages: moneyField('ytd.socialSecurityWages').optional(),
    medicareWages: moneyField('ytd.medicareWages').optional(),
  },
  'ytd',
);

/** The year-to-date fields each kind of rules reads; any other is refused rather than ignored. */
const YTD_FIELDS = { GB: ['gross', 'tax'], US: ['gross', 'socialSecurityWages', 'medicareWages'], custom: ['gross'] } as const;

/** What each country's section holds, for the sentence that asks for it. */
const SECTION_NEEDS = {
  uk: 'the tax code, the basis and the NI category',
  us: 'the Form W-4 entries',
  custom: 'the rules your administrator set for this country',
} as const;

// ----- Pay components (issue 35 item 1): earnings, deductions before and after tax, employer contributions -----

export const PAY_COMPONENT_KINDS = ['earning', 'deduction_pre_tax', 'deduction_post_tax', 'employer_contribution'] as const;
export type PayComponentKind = (typeof PAY_COMPONENT_KINDS)[number];
/** fixed: an amount a period; percent: of the period's gross pay (deductions and contributions); one_off: entered on a draft run (earnings: a bonus). */
export const PAY_COMPONENT_METHODS = ['fixed', 'percent', 'one_off'] as const;
export type PayComponentMethod = (typeof PAY_COMPONENT_METHODS)[number];
export const PAY_COMPONENT_KIND_LABELS: Record<PayComponentKind, string> = {
  earning: 'Earning',
  deduction_pre_tax: 'Deduction before tax',
  deduction_post_tax: 'Deduction after tax',
  employer_contribution: 'Employer contribution',
};
export const PAY_COMPONENT_METHOD_LABELS: Record<PayComponentMethod, string> = { fixed: 'Fixed amount per period', percent: 'Percent of gross pay', one_off: 'One-off amount on a pay run (bonus)' };

export const PAY_COMPONENT_MESSAGES = {
  notFound: 'Pay component not found',
  taken: 'A pay component with this name already exists in this entity.',
  name: 'name must name the component in 1 to 120 characters, such as Pension or 401(k).',
  kind: 'kind must be earning, deduction_pre_tax, deduction_post_tax or employer_contribution.',
  method: 'method must be fixed, percent or one_off.',
  percent: 'percent must be a percentage from 0 to 100 with at most 4 decimals, such as "5" for 5 %.',
  fixedNeedsAmount: 'amount is required for a fixed component (and percent must be left out).',
  percentNeedsPercent: 'percent is required for a percent component (and amount must be left out).',
  percentNotForEarning: 'method: an earning is a fixed amount or a one-off amount, not a percent of gross pay.',
  oneOffOnlyEarning: 'method: only an earning (a bonus) can be a one-off amount.',
  oneOffNoFigures: 'amount and percent must be left out for a one-off component: its amount is entered on the pay run.',
  components: 'components must list at most 30 components, each once.',
  assignmentComponent: 'components[].componentId must name a pay component of this entity that is not a one-off amount.',
  overrideMismatch: 'components[]: give an amount for a fixed component or a percent for a percent one, not the other.',
  bonusItems: 'items must list at most 500 one-off amounts, each employee and component once.',
  bonusComponent: 'items[].componentId must name a one-off earning of this pay run’s entity.',
  bonusEmployee: 'items[].employeeId must name an employee of this pay run.',
  bonusOffCycle: 'One-off amounts are entered on a regular pay run; an off-cycle run already pays what you enter.',
} as const;

/** 0 to 100, at most four decimals ("5", "3.5", "12.3456"). */
export const percentField = (field = 'percent') =>
  z
    .string({ error: PAY_COMPONENT_MESSAGES.percent.replace('percent', field) })
    .regex(/^(?:100(?:\.0{1,4})?|\d{1,2}(?:\.\d{1,4})?)$/, { error: PAY_COMPONENT_MESSAGES.percent.replace('percent', field) });

/**
 * A component on the calculator: a deduction or employer contribution with its amount for the
 * period, or a percent of the gross (rounded to the nearest cent, half up). Earnings are in `gross`.
 */
export const previewComponent = strict(
  {
    name: nameText({ required: PAY_COMPONENT_MESSAGES.name, max: 120, maxMessage: PAY_COMPONENT_MESSAGES.name }),
    kind: z.enum(['deduction_pre_tax', 'deduction_post_tax', 'employer_contribution'], { error: 'components[].kind must be deduction_pre_tax, deduction_post_tax or employer_contribution.' }),
    amount: moneyField('components[].amount').optional(),
    percent: percentField('components[].percent').optional(),
  },
  'components[]',
).superRefine((c, ctx) => {
  if ((c.amount === undefined) === (c.percent === undefined)) ctx.addIssue({ code: 'custom', message: 'components[] needs either amount or percent, not both.' });
});
export type PreviewComponent = z.infer<typeof previewComponent>;

const GB_EXAMPLE = {
  country: 'GB',
  taxYear: '2025-26',
  frequency: 'monthly',
  period: 1,
  gross: '3000.00',
  currency: 'GBP',
  uk: { taxCode: '1257L', basis: 'cumulative', niCategory: 'A' },
  ytd: { gross: '0.00', tax: '0.00' },
} as const;
const US_EXAMPLE = {
  country: 'US',
  taxYear: '2025',
  frequency: 'monthly',
  period: 1,
  gross: '6000.00',
  currency: 'USD',
  us: { filingStatus: 'single', step2: false, step3: '0.00', step4a: '0.00', step4b: '0.00', step4c: '0.00' },
  ytd: { gross: '0.00', socialSecurityWages: '0.00', medicareWages: '0.00' },
} as const;

export const payrollPreviewInput = strict(
  {
    country: z.string({ error: PAYROLL_MESSAGES.country }).regex(/^[A-Z]{2}$/, { error: PAYROLL_MESSAGES.country }),
    taxYear: z.string({ error: PAYROLL_MESSAGES.taxYear }).regex(/^\d{4}(?:-\d{2})?$/, { error: PAYROLL_MESSAGES.taxYear }),
    frequency: z.enum(PAY_FREQUENCIES, { error: PAYROLL_MESSAGES.frequency }),
    period: z.number({ error: PAYROLL_MESSAGES.period }).int({ error: PAYROLL_MESSAGES.period }).min(1, { error: PAYROLL_MESSAGES.period }),
    gross: moneyField('gross'),
    currency: z.string({ error: PAYROLL_MESSAGES.currency }).regex(/^[A-Z]{3}$/, { error: PAYROLL_MESSAGES.currency }),
    uk: ukTaxDetails.optional(),
    us: usW4.optional(),
    custom: customRules.optional(),
    ytd: payrollYtd.optional(),
    /**
     * Deductions and employer contributions. Before tax: a UK pension under a net pay arrangement
     * lowers PAYE taxable pay, not NI-able pay; a US traditional 401(k) lowers federal income tax
     * wages, not Social Security or Medicare wages; under custom rules it lowers the pay they apply to.
     */
    components: z.array(previewComponent, { error: 'components must list at most 20 components.' }).max(20, { error: 'components must list at most 20 components.' }).optional(),
  },
  'The request body',
)
  .superRefine((input, ctx) => {
    const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    const max = PERIODS_PER_YEAR[input.frequency];
    if (input.period > max) fail(PAYROLL_MESSAGES.periodTooLate(max, input.frequency), 'period');
    const pack = input.country === 'GB' || input.country === 'US' ? input.country : 'custom';
    const sections = { GB: 'uk', US: 'us', custom: 'custom' } as const;
    const own = sections[pack];
    if (input[own] === undefined) fail(PAYROLL_MESSAGES.sectionRequired(own, input.country, SECTION_NEEDS[own]), own);
    for (const section of Object.values(sections))
      if (section !== own && input[section] !== undefined) fail(PAYROLL_MESSAGES.sectionNotForCountry(section, input.country), section);
    for (const field of Object.keys(input.ytd ?? {}))
      if (!(YTD_FIELDS[pack] as readonly string[]).includes(field)) fail(PAYROLL_MESSAGES.ytdNotForCountry(field, input.country), 'ytd');
    if (pack === 'custom') return;
    const years: readonly string[] = PAYROLL_TAX_YEARS[pack];
    if (!years.includes(input.taxYear)) fail(PAYROLL_MESSAGES.taxYearNotCovered(pack, years), 'taxYear');
    const currency = pack === 'GB' ? 'GBP' : 'USD';
    if (input.currency !== currency) fail(PAYROLL_MESSAGES.currencyOfCountry(pack, currency), 'currency');
    if (pack === 'GB' && input.frequency === 'semimonthly') fail(PAYROLL_MESSAGES.ukFrequency, 'frequency');
  })
  .meta({ id: 'PayrollPreviewInput', examples: [GB_EXAMPLE, US_EXAMPLE] });
export type PayrollPreviewInput = z.infer<typeof payrollPreviewInput>;

/** A line of the gross-to-net: a tax, a contribution or an employer cost; `label` marks an administrator's own rules. */
export const payrollLine = z.object({ code: z.string(), amount: z.string(), label: z.string().optional() });
export type PayrollLine = z.infer<typeof payrollLine>;

export const payrollPreview = z
  .object({ lines: z.array(payrollLine), net: z.string() })
  .meta({
    id: 'PayrollPreview',
    examples: [
      {
        lines: [
          { code: 'income_tax', amount: '390.20' },
          { code: 'employee_ni', amount: '156.16' },
          { code: 'employer_ni', amount: '387.45' },
        ],
        net: '2453.64',
      },
      {
        lines: [
          { code: 'federal_income_tax', amount: '621.17' },
          { code: 'social_security', amount: '372.00' },
          { code: 'medicare', amount: '87.00' },
          { code: 'additional_medicare', amount: '0.00' },
          { code: 'employer_social_security', amount: '372.00' },
          { code: 'employer_medicare', amount: '87.00' },
        ],
        net: '4919.83',
      },
    ],
  });
export type PayrollPreview = z.infer<typeof payrollPreview>;

/** The issue's two worked examples, request and answer: the API reference shows them and the tests send them. */
export const PAYROLL_PREVIEW_EXAMPLES = { GB: GB_EXAMPLE, US: US_EXAMPLE } as const;

// ----- Pay runs (issue 35, second part): settings, schedules, employees' pay, runs --------------------

export const PAY_RUN_STATUSES = ['draft', 'approved', 'paid'] as const;
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number];
export const PAY_RUN_KINDS = ['regular', 'off_cycle'] as const;
export const PAY_BASES = ['salary', 'hourly'] as const;
export const US_ACCOUNT_TYPES = ['checking', 'savings'] as const;

export const PAY_FREQUENCY_LABELS: Record<PayFrequency, string> = { weekly: 'Weekly', biweekly: 'Bi-weekly', semimonthly: 'Semi-monthly', monthly: 'Monthly' };
export const PAY_RUN_STATUS_LABELS: Record<PayRunStatus, string> = { draft: 'Draft', approved: 'Approved', paid: 'Paid' };

/** Said on the payroll page and every US payslip: the US pack is federal only. */
export const US_STATE_TAX_NOTICE = 'State and local taxes are not calculated';

/**
 * What an off-cycle run applies, in the words its review shows (and docs/architecture.md repeats):
 * it is a correction or a bonus paid after the period's regular run, which already paid and took the
 * fixed amounts of the period.
 */
export const OFF_CYCLE_NOTE =
  'An off-cycle run pays the amounts entered for it, in the same pay period as its regular run. Pay components that are a percent of pay (a pension, a 401(k), an employer match) apply to it; fixed amounts a period (an allowance, union dues) do not, because the regular run paid or took them. UK National Insurance and US federal income tax are worked out on the period’s payments together, less what the period’s earlier payments already took.';

/** The "New Off-Cycle Run" dialog's words for a row it cannot send (the API's own rules, said per field). */
export const OFF_CYCLE_FORM_MESSAGES = {
  employeeRequired: 'Choose the employee to pay.',
  employeeTwice: (name: string) => `${name} is listed twice: pay each employee once, with the total to pay.`,
  grossRequired: 'Enter the gross amount to pay, such as 500.00.',
  gross: 'Gross must be an amount of money more than zero, with at most two decimals, such as 500.00.',
} as const;

export const PAY_RUN_MESSAGES = {
  settingsNotFound: 'Payroll settings not found',
  settingsTaken: 'This entity already has payroll settings: edit them instead.',
  settingsMissing: 'Set up payroll for this entity first (Payroll settings): its country and currency.',
  scheduleNotFound: 'Pay schedule not found',
  scheduleTaken: 'A pay schedule with this name already exists in this entity.',
  payRecordNotFound: 'Pay record not found',
  payRecordTaken: 'This employee already has a pay record: edit it instead.',
  employeeNotFound: 'Employee not found in this entity',
  runNotFound: 'Pay run not found',
  runTaken: 'This schedule already has a regular pay run for that period: open it, or make an off-cycle run to correct it.',
  runLocked: 'This pay run is approved and can no longer change. Correct it with an off-cycle run.',
  runNotDraft: 'Only a draft pay run can be approved.',
  runNotApproved: 'Only an approved pay run can be marked as paid.',
  earlierDraft: (payDate: string) => `Approve the earlier pay run paid on ${payDate} first: this run's year-to-date figures depend on it.`,
  staleFigures: 'Pay or tax details changed since this run was calculated: recalculate it and review the figures before approving.',
  noEmployees: 'No employee on this schedule is employed in this period: add pay records first.',
  periodOutOfYear: (max: number) => `period must be from 1 to the ${max} pay dates of the schedule in that tax year.`,
  taxYearNotCovered: (years: readonly string[]) => `taxYear: payroll for this country covers ${years.join(', ')}.`,
  currencyMismatch: (currency: string) => `currency must be the entity's payroll currency, ${currency}.`,
  customRulesRequired: 'custom rules are required for a country other than GB or US: the components your payroll team set.',
  customRulesNotForCountry: 'custom rules apply only to countries other than GB and US: leave them out.',
  ukRequired: 'uk tax details (tax code, basis, NI category) are required for a UK entity.',
  usRequired: 'us Form W-4 details are required for a US entity.',
  ukFrequency: 'frequency: UK PAYE runs weekly, bi-weekly or monthly, not semi-monthly.',
  salaryRequired: 'annualSalary is required for salaried pay.',
  hourlyRequired: 'hourlyRate is required for hourly pay.',
  overtimeMultiplier: 'overtimeMultiplier must be a number from 1 to 9.99 with at most two decimals, such as "1.5".',
  endBeforeStart: 'endDate must be on or after startDate.',
  offCycleItems: 'items must list 1 to 500 employees, each once, with the gross to pay each.',
  offCycleEmployee: 'Every employee of an off-cycle run needs a pay record on this schedule.',
  iban: 'iban must be a valid IBAN (its check digits do not match).',
  bic: 'bic must be a BIC of 8 or 11 letters and digits, such as DEUTDEFF.',
  routingNumber: 'routingNumber must be a 9-digit ABA routing number with a valid check digit.',
  accountNumber: 'accountNumber must be 1 to 17 digits.',
  bankDetailsMissing: (names: string) => `Bank details are missing for ${names}: add them to their pay records first.`,
  bankFileCurrency: 'Bank files are made for euro (SEPA) and US dollar (NACHA) payrolls only.',
  originatorMissing: (what: string) => `The entity's payroll settings need the company's bank details for this file: ${what}.`,
  bankFileNotApproved: 'Approve the pay run before making its bank file.',
  payslipNotFound: 'Payslip not found: this employee is not in this pay run.',
  /** The portal's download: not the caller's own line of a paid run (or no such run). */
  myPayslipNotFound: 'Payslip not found',
  myPayslipsLoadFailed: 'Failed to load your payslips. Please try again.',
  yearEndNotFound: 'No year-end figures: this employee has no approved or paid pay in that tax year.',
} as const;

/** ISO 13616 check digits: move the first four characters to the end, letters to 10..35, mod 97 must be 1. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** ABA routing number: weights 3, 7, 1 over the nine digits, the sum a multiple of ten. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...value].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0) % 10 === 0;
}

const ibanField = z
  .string({ error: PAY_RUN_MESSAGES.iban })
  .regex(/^[A-Za-z0-9 ]{15,42}$/, { error: PAY_RUN_MESSAGES.iban })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine(isValidIban, { error: PAY_RUN_MESSAGES.iban });
const bicField = z
  .string({ error: PAY_RUN_MESSAGES.bic })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/, { error: PAY_RUN_MESSAGES.bic });
const routingField = z
  .string({ error: PAY_RUN_MESSAGES.routingNumber })
  .trim()
  .regex(/^\d{9}$/, { error: PAY_RUN_MESSAGES.routingNumber })
  .refine(isValidRoutingNumber, { error: PAY_RUN_MESSAGES.routingNumber });
const accountField = z.string({ error: PAY_RUN_MESSAGES.accountNumber }).trim().regex(/^\d{1,17}$/, { error: PAY_RUN_MESSAGES.accountNumber });
const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD).` });
const nameField = (field: string, max = 120) => {
  const message = `${field} must be 1 to ${max} characters.`;
  return nameText({ required: message, max, maxMessage: message });
};
const versionOf = z.number({ error: 'version must be the version you read.' }).int().min(1);
const entityIdField = z.uuid({ error: 'entityId must name one of your entities.' });

/** An employee's bank account: IBAN and BIC (SEPA) or a US routing and account number (NACHA). */
export const employeeBank = strict(
  { iban: ibanField.optional(), bic: bicField.optional(), routingNumber: routingField.optional(), accountNumber: accountField.optional(), accountType: z.enum(US_ACCOUNT_TYPES).optional() },
  'bank',
);
export type EmployeeBank = z.infer<typeof employeeBank>;

/** The company's own account and identity for the bank files it sends. */
export const originatorBank = strict(
  {
    name: nameField('bank.name', 70).optional(),
    iban: ibanField.optional(),
    bic: bicField.optional(),
    /** NACHA: the originating bank's routing number (immediate destination and ODFI). */
    routingNumber: routingField.optional(),
    /** NACHA: the company identification the bank gave (usually "1" and the EIN): 10 characters. */
    companyIdentification: z.string().trim().regex(/^[A-Z0-9 ]{10}$/i, { error: 'bank.companyIdentification must be 10 letters or digits, such as 1123456789.' }).optional(),
  },
  'bank',
);
export type OriginatorBank = z.infer<typeof originatorBank>;

const settingsFields = {
  country: z.string({ error: PAYROLL_MESSAGES.country }).regex(/^[A-Z]{2}$/, { error: PAYROLL_MESSAGES.country }),
  currency: z.string({ error: PAYROLL_MESSAGES.currency }).regex(/^[A-Z]{3}$/, { error: PAYROLL_MESSAGES.currency }),
  custom: customRules.optional(),
  bank: originatorBank.optional(),
  /** Overtime is paid at the hourly rate × this (absent: 1.5). */
  overtimeMultiplier: z
    .string({ error: PAY_RUN_MESSAGES.overtimeMultiplier })
    .regex(/^[1-9](?:\.\d{1,2})?$/, { error: PAY_RUN_MESSAGES.overtimeMultiplier })
    .optional(),
};
/** GB pays in GBP, US in USD; any other country brings its own rules. */
const checkSettings = (s: { country: string; currency: string; custom?: unknown }, ctx: z.RefinementCtx) => {
  const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  const own = s.country === 'GB' ? 'GBP' : s.country === 'US' ? 'USD' : null;
  if (own && s.currency !== own) fail(PAYROLL_MESSAGES.currencyOfCountry(s.country, own), 'currency');
  if (own && s.custom !== undefined) fail(PAY_RUN_MESSAGES.customRulesNotForCountry, 'custom');
  if (!own && s.custom === undefined) fail(PAY_RUN_MESSAGES.customRulesRequired, 'custom');
};
export const payrollSettingsCreateInput = strict({ entityId: entityIdField, ...settingsFields }, 'The request body').superRefine(checkSettings);
export const payrollSettingsUpdateInput = strict({ ...settingsFields, version: versionOf }, 'The request body').superRefine(checkSettings);

export const payrollSettings = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  entityName: z.string(),
  country: z.string(),
  currency: z.string(),
  custom: customRules.nullable(),
  bank: originatorBank,
  overtimeMultiplier: z.string(),
  version: z.number(),
});
export type PayrollSettings = z.infer<typeof payrollSettings>;

const scheduleFields = { name: nameField('name'), frequency: z.enum(PAY_FREQUENCIES, { error: PAYROLL_MESSAGES.frequency }), firstPayDate: isoDate('firstPayDate') };
export const payScheduleCreateInput = strict({ entityId: entityIdField, ...scheduleFields }, 'The request body');
export const payScheduleUpdateInput = strict({ ...scheduleFields, version: versionOf }, 'The request body');
export const paySchedule = z.object({ id: z.uuid(), entityId: z.uuid(), name: z.string(), frequency: z.enum(PAY_FREQUENCIES), firstPayDate: z.string(), version: z.number() });
export type PaySchedule = z.infer<typeof paySchedule>;

/** One pay period of a schedule in a tax year: numbered from 1, it ends on its pay date. */
export const payPeriod = z.object({ period: z.number(), start: z.string(), end: z.string(), payDate: z.string() });
export type PayPeriod = z.infer<typeof payPeriod>;
export const payPeriodList = z.object({ taxYear: z.string(), items: z.array(payPeriod) });

const payRecordFields = {
  scheduleId: z.uuid({ error: PAY_RUN_MESSAGES.scheduleNotFound }),
  payBasis: z.enum(PAY_BASES, { error: 'payBasis must be salary or hourly.' }),
  annualSalary: moneyField('annualSalary').nullable().optional(),
  hourlyRate: moneyField('hourlyRate').nullable().optional(),
  hoursPerWeek: z.string({ error: 'hoursPerWeek must be hours such as "37.5".' }).regex(/^\d{1,2}(?:\.\d{1,2})?$/, { error: 'hoursPerWeek must be hours such as "37.5".' }).nullable().optional(),
  currency: settingsFields.currency,
  startDate: isoDate('startDate'),
  endDate: isoDate('endDate').nullable().optional(),
  uk: ukTaxDetails.nullable().optional(),
  us: usW4.nullable().optional(),
  bank: employeeBank.nullable().optional(),
  /** The pay components the employee has, each with its own amount or percent when it differs (absent on an update: kept as they are). */
  components: z
    .array(
      strict(
        {
          componentId: z.uuid({ error: PAY_COMPONENT_MESSAGES.assignmentComponent }),
          amount: moneyField('components[].amount').nullable().optional(),
          percent: percentField('components[].percent').nullable().optional(),
        },
        'components[]',
      ),
      { error: PAY_COMPONENT_MESSAGES.components },
    )
    .max(30, { error: PAY_COMPONENT_MESSAGES.components })
    .refine((items) => new Set(items.map((i) => i.componentId)).size === items.length, { error: PAY_COMPONENT_MESSAGES.components })
    .optional(),
};
const checkPayRecord = (r: { payBasis: string; annualSalary?: string | null; hourlyRate?: string | null; hoursPerWeek?: string | null; startDate: string; endDate?: string | null }, ctx: z.RefinementCtx) => {
  const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (r.payBasis === 'salary' && !r.annualSalary) fail(PAY_RUN_MESSAGES.salaryRequired, 'annualSalary');
  if (r.payBasis === 'hourly' && !r.hourlyRate) fail(PAY_RUN_MESSAGES.hourlyRequired, 'hourlyRate');
  if (r.endDate && r.endDate < r.startDate) fail(PAY_RUN_MESSAGES.endBeforeStart, 'endDate');
};
export const payRecordCreateInput = strict({ employeeId: z.uuid({ error: PAY_RUN_MESSAGES.employeeNotFound }), ...payRecordFields }, 'The request body').superRefine(checkPayRecord);
export const payRecordUpdateInput = strict({ ...payRecordFields, version: versionOf }, 'The request body').superRefine(checkPayRecord);
export type PayRecordInput = z.infer<typeof payRecordCreateInput>;

export const payRecord = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  employeeId: z.uuid(),
  employeeName: z.string(),
  scheduleId: z.uuid(),
  scheduleName: z.string(),
  payBasis: z.enum(PAY_BASES),
  annualSalary: z.string().nullable(),
  hourlyRate: z.string().nullable(),
  hoursPerWeek: z.string().nullable(),
  currency: z.string(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  uk: ukTaxDetails.nullable(),
  us: usW4.nullable(),
  bank: employeeBank.nullable(),
  /** Assigned components; amount and percent are the employee's own (null: the component's). */
  components: z.array(
    z.object({ componentId: z.uuid(), name: z.string(), kind: z.enum(PAY_COMPONENT_KINDS), method: z.enum(PAY_COMPONENT_METHODS), amount: z.string().nullable(), percent: z.string().nullable() }),
  ),
  version: z.number(),
});
export type PayRecord = z.infer<typeof payRecord>;

export const payRunCreateInput = strict(
  {
    scheduleId: z.uuid({ error: PAY_RUN_MESSAGES.scheduleNotFound }),
    taxYear: z.string({ error: PAYROLL_MESSAGES.taxYear }).regex(/^\d{4}(?:-\d{2})?$/, { error: PAYROLL_MESSAGES.taxYear }),
    period: z.number({ error: PAYROLL_MESSAGES.period }).int({ error: PAYROLL_MESSAGES.period }).min(1, { error: PAYROLL_MESSAGES.period }),
    kind: z.enum(PAY_RUN_KINDS, { error: 'kind must be regular or off_cycle.' }).default('regular'),
    /** Off-cycle only: the extra gross per employee (a correction, a bonus), taxed in the same period. */
    items: z
      .array(strict({ employeeId: z.uuid({ error: PAY_RUN_MESSAGES.employeeNotFound }), gross: moneyField('items[].gross') }, 'items[]'), { error: PAY_RUN_MESSAGES.offCycleItems })
      .min(1, { error: PAY_RUN_MESSAGES.offCycleItems })
      .max(500, { error: PAY_RUN_MESSAGES.offCycleItems })
      .refine((items) => new Set(items.map((i) => i.employeeId.toLowerCase())).size === items.length, { error: PAY_RUN_MESSAGES.offCycleItems })
      .optional(),
  },
  'The request body',
).superRefine((input, ctx) => {
  if ((input.kind === 'off_cycle') !== (input.items !== undefined)) ctx.addIssue({ code: 'custom', message: PAY_RUN_MESSAGES.offCycleItems, path: ['items'] });
});
export type PayRunCreateInput = z.infer<typeof payRunCreateInput>;

export const versionInput = strict({ version: versionOf }, 'The request body');

/** Year to date after this run, per figure the country's rules read (decimal strings). */
export const payYtd = z.record(z.string(), z.string());

export const payRunLine = z.object({
  employeeId: z.uuid(),
  employeeName: z.string(),
  gross: z.string(),
  /** How the gross was found: the basis and the days of the period employed, in words. */
  grossRule: z.string(),
  lines: z.array(z.object({ code: z.string(), amount: z.string(), label: z.string().optional(), employer: z.boolean() })),
  /** The gross's parts: salary or hourly pay, overtime, bonus, other earnings. */
  earnings: z.array(z.object({ code: z.string(), label: z.string(), amount: z.string(), rule: z.string().optional() })),
  net: z.string(),
  ytd: payYtd,
  /** Against this employee's line in the schedule's previous regular run (null: not in it). */
  change: z.object({ previousGross: z.string().nullable(), previousNet: z.string().nullable(), gross: z.string(), net: z.string() }),
});
export type PayRunLine = z.infer<typeof payRunLine>;

export const payRunTotals = z.object({ gross: z.string(), deductions: z.string(), net: z.string(), employerCosts: z.string(), employees: z.number() });

export const payRunSummary = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  scheduleId: z.uuid(),
  scheduleName: z.string(),
  kind: z.enum(PAY_RUN_KINDS),
  status: z.enum(PAY_RUN_STATUSES),
  country: z.string(),
  currency: z.string(),
  taxYear: z.string(),
  period: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  payDate: z.string(),
  totals: payRunTotals,
  version: z.number(),
});
export type PayRunSummary = z.infer<typeof payRunSummary>;
export const payRunBonus = z.object({ employeeId: z.uuid(), componentId: z.uuid(), amount: z.string() });
export const payRun = payRunSummary.extend({ lines: z.array(payRunLine), previousRunId: z.uuid().nullable(), bonuses: z.array(payRunBonus) });
export type PayRun = z.infer<typeof payRun>;
export const payRunList = z.object({ items: z.array(payRunSummary) });

/** A payslip as the employee's portal lists it (payslipsOfEmployees). */
export const payslipSummary = z.object({ runId: z.uuid(), payDate: z.string(), periodStart: z.string(), periodEnd: z.string(), kind: z.enum(PAY_RUN_KINDS), currency: z.string(), gross: z.string(), net: z.string() });
export type PayslipSummary = z.infer<typeof payslipSummary>;
/** `GET /api/hrms/me/payslips`: the signed-in person's payslips of paid runs, newest first. */
export const myPayslipList = z.object({ items: z.array(payslipSummary) }).meta({ id: 'MyPayslips' });
export type MyPayslipList = z.infer<typeof myPayslipList>;

/** The rule packs' line codes as payslips and the review name them (custom lines carry their own label). */
export const PAY_LINE_LABELS: Record<string, string> = {
  income_tax: 'Income tax (PAYE)',
  employee_ni: 'National Insurance',
  employer_ni: 'Employer National Insurance',
  federal_income_tax: 'Federal income tax',
  social_security: 'Social Security',
  medicare: 'Medicare',
  additional_medicare: 'Additional Medicare',
  employer_social_security: 'Employer Social Security',
  employer_medicare: 'Employer Medicare',
};
export const payLineLabel = (line: { code: string; label?: string }) => line.label ?? PAY_LINE_LABELS[line.code] ?? line.code;

/** A run line's year-to-date figures as payslips and the review name them. */
export const PAY_YTD_LABELS: Record<string, string> = {
  gross: 'Gross pay',
  taxable: 'Taxable pay',
  federalWages: 'Federal income tax wages',
  tax: 'Income tax',
  socialSecurityWages: 'Social Security wages',
  medicareWages: 'Medicare wages',
  preTaxDeductions: 'Deductions before tax',
  postTaxDeductions: 'Deductions after tax',
  employerContributions: 'Employer contributions',
};

/** An amount with thousands separators and its currency code ("GBP 2,453.64"): the same on payslips, files and pages. */
export function formatMoney(value: string, currency: string): string {
  const negative = value.startsWith('-');
  const [whole, fraction = '00'] = value.replace('-', '').split('.');
  return `${negative ? '-' : ''}${currency} ${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Year-end figures per employee: the UK P60's, the US W-2's boxes 1 to 6 and box 12 code D, or another country's totals. */
export const yearEnd = z.object({
  entityId: z.uuid(),
  country: z.string(),
  currency: z.string(),
  taxYear: z.string(),
  form: z.string(),
  items: z.array(z.object({ employeeId: z.uuid(), employeeName: z.string(), figures: z.array(z.object({ label: z.string(), amount: z.string() })) })),
});
export type YearEnd = z.infer<typeof yearEnd>;
export const yearEndQuery = z.object({
  entityId: z.uuid({ error: 'entityId must name one of your entities.' }),
  taxYear: z.string({ error: PAYROLL_MESSAGES.taxYear }).regex(/^\d{4}(?:-\d{2})?$/, { error: PAYROLL_MESSAGES.taxYear }),
});

// ----- Pay components: setup and a draft run's one-off amounts ---------------------------------

const componentFields = {
  name: nameText({ required: PAY_COMPONENT_MESSAGES.name, max: 120, maxMessage: PAY_COMPONENT_MESSAGES.name }),
  kind: z.enum(PAY_COMPONENT_KINDS, { error: PAY_COMPONENT_MESSAGES.kind }),
  method: z.enum(PAY_COMPONENT_METHODS, { error: PAY_COMPONENT_MESSAGES.method }),
  amount: moneyField('amount').nullable().optional(),
  percent: percentField().nullable().optional(),
};
const checkComponent = (c: { kind: PayComponentKind; method: PayComponentMethod; amount?: string | null; percent?: string | null }, ctx: z.RefinementCtx) => {
  const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  const hasAmount = c.amount !== undefined && c.amount !== null;
  const hasPercent = c.percent !== undefined && c.percent !== null;
  if (c.method === 'fixed' && (!hasAmount || hasPercent)) fail(PAY_COMPONENT_MESSAGES.fixedNeedsAmount, 'amount');
  if (c.method === 'percent' && (!hasPercent || hasAmount)) fail(PAY_COMPONENT_MESSAGES.percentNeedsPercent, 'percent');
  if (c.method === 'percent' && c.kind === 'earning') fail(PAY_COMPONENT_MESSAGES.percentNotForEarning, 'method');
  if (c.method === 'one_off' && c.kind !== 'earning') fail(PAY_COMPONENT_MESSAGES.oneOffOnlyEarning, 'method');
  if (c.method === 'one_off' && (hasAmount || hasPercent)) fail(PAY_COMPONENT_MESSAGES.oneOffNoFigures, 'amount');
};
export const payComponentCreateInput = strict({ entityId: entityIdField, ...componentFields }, 'The request body').superRefine(checkComponent);
export const payComponentUpdateInput = strict({ ...componentFields, version: versionOf }, 'The request body').superRefine(checkComponent);
export type PayComponentInput = z.infer<typeof payComponentUpdateInput>;

export const payComponent = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  name: z.string(),
  kind: z.enum(PAY_COMPONENT_KINDS),
  method: z.enum(PAY_COMPONENT_METHODS),
  amount: z.string().nullable(),
  percent: z.string().nullable(),
  /** Employees it is assigned to. */
  employees: z.number(),
  version: z.number(),
});
export type PayComponent = z.infer<typeof payComponent>;
export const payComponentList = z.object({ items: z.array(payComponent) });

/** A draft regular run's one-off amounts (bonuses), all of them: the run is calculated again with them. */
export const payRunBonusesInput = strict(
  {
    version: versionOf,
    items: z
      .array(strict({ employeeId: z.uuid({ error: PAY_COMPONENT_MESSAGES.bonusEmployee }), componentId: z.uuid({ error: PAY_COMPONENT_MESSAGES.bonusComponent }), amount: moneyField('items[].amount') }, 'items[]'), {
        error: PAY_COMPONENT_MESSAGES.bonusItems,
      })
      .max(500, { error: PAY_COMPONENT_MESSAGES.bonusItems })
      .refine((items) => new Set(items.map((i) => `${i.employeeId}/${i.componentId}`)).size === items.length, { error: PAY_COMPONENT_MESSAGES.bonusItems }),
  },
  'The request body',
);
export type PayRunBonusesInput = z.infer<typeof payRunBonusesInput>;

/** Earnings codes of a run line (its components' own carry their name as label). */
export const EARNING_LABELS: Record<string, string> = { salary: 'Salary', hourly: 'Hourly pay', overtime: 'Overtime', off_cycle: 'Off-cycle payment' };
