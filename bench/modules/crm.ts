/**
 * CRM figures (issue 14): contacts search at a 200,000-contact entity against a 10-contact one
 * (C1), and the pipeline board's data for 20,000 open opportunities in one entity (C2).
 *
 * Data: BENCH_CRM_CONTACTS contacts in all (2,000,000): BENCH_CRM_BIG_ENTITY_CONTACTS (200,000) at
 * the big company's entity, 10 at the small one's, the rest spread over the seeded companies that
 * hold CRM, in proportion to their users, across their CRM entities (as HRMS employees are).
 * Names as HRMS's: one of 20 first × 20 last names, so a full name is held by one contact in 400.
 * The measured entities also get clients (each of their contacts and opportunities belongs to
 * one) and open opportunities: BENCH_CRM_OPPORTUNITIES (20,000) at the big entity, 5 at the
 * small one, over the four open stages. Same set-based, md5-derived, replica-mode seeding as
 * bench/lib/seed-modules.ts, with a foreign-key check and ANALYZE after.
 */
import { num, SEARCH_BOUND } from '../lib/common';
import type { ModuleBench, ModuleSeedContext } from '../lib/module-bench';
import { arr, FIRST, h, LAST } from '../lib/seed-modules';
import type { Exec } from '../lib/seed';
import { currencyOf } from '../../src/shared/countries';

const SETTINGS = {
  contacts: num('BENCH_CRM_CONTACTS', 2_000_000),
  bigContacts: num('BENCH_CRM_BIG_ENTITY_CONTACTS', 200_000),
  smallContacts: 10,
  bigOpportunities: num('BENCH_CRM_OPPORTUNITIES', 20_000),
  smallOpportunities: 5,
  bigClients: 2_000,
  smallClients: 3,
};

/** The search of C1: a person's full name, one contact in 400 (bench/README.md, figure 7b). */
const SEARCH = 'ada lovelace';

const OPEN_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation'];
const TITLES = ['Buyer', 'Procurement Manager', 'CTO', 'Head of Sales', 'Office Manager', 'Founder', 'Analyst', 'Director'];
const CLIENT_WORDS = ['Fabrikam', 'Contoso', 'Northwind', 'Tailspin', 'Litware', 'Adatum', 'Proseware', 'Wingtip'];
const INDUSTRIES = ['Retail', 'Manufacturing', 'Software', 'Logistics', 'Finance', 'Healthcare', 'Energy', 'Education'];

/** One contact's columns from its company `cid`, entity `eid`, number `k` and client (SQL expressions). */
const contactSelect = (key: string, client: string) => `
  md5('bench-crm-k-' || ${key})::uuid, cid, eid,
  (${arr(FIRST)})[1 + ${h(`'fn' || ${key}`)} % ${FIRST.length}],
  (${arr(LAST)})[1 + ${h(`'ln' || ${key}`)} % ${LAST.length}],
  'contact.' || k || '.' || left(eid::text, 8) || '@seed.example',
  '+1 555 ' || lpad((${h(`'ph' || ${key}`)} % 10000000)::text, 7, '0'),
  (${arr(TITLES)})[1 + ${h(`'ti' || ${key}`)} % ${TITLES.length}],
  ${client},
  timestamptz '2022-01-01 00:00:00+00' + k * interval '1 second'`;
const CONTACT_COLUMNS = 'id, company_id, entity_id, first_name, last_name, email, phone, job_title, client_id, created_at';

/** Client number `n` (1-based) of placed entity `i`. */
const clientId = (i: number, n: string) => `md5('bench-crm-cl-${i}.' || ${n})::uuid`;

async function seedCrm(exec: Exec, ctx: ModuleSeedContext) {
  const placed = [
    { account: ctx.big, contacts: SETTINGS.bigContacts, clients: SETTINGS.bigClients, opportunities: SETTINGS.bigOpportunities },
    { account: ctx.small, contacts: SETTINGS.smallContacts, clients: SETTINGS.smallClients, opportunities: SETTINGS.smallOpportunities },
  ];
  const spread = SETTINGS.contacts - placed.reduce((s, p) => s + p.contacts, 0);
  if (spread < 0) throw new Error(`placed contacts exceed BENCH_CRM_CONTACTS (${SETTINGS.contacts})`);
  const currencies = await Promise.all(
    placed.map(async (p) => currencyOf((await exec('select country from entities where id = $1', [p.account.entityId])).rows[0]!.country as string)),
  );
  const steps: [string, string, unknown[]?][] = [
    ['replica mode', `set session_replication_role = replica`],
    ['work_mem', `set work_mem = '64MB'`],
    // Companies holding CRM (other than the placed ones) with their share of the spread contacts.
    [
      'contact plan',
      `create temp table seed_crm_plan as
        with c as (
          select u.company_id as cid, count(*)::float8 as nu
          from users u
          join company_product_access a on a.company_id = u.company_id
          join products p on p.id = a.product_id and p.type = 'crm'
          where u.company_id <> all($1::uuid[])
          group by u.company_id
        ), tot as (select sum(nu) as s from c)
        select c.cid, greatest(1, round(c.nu * $2::float8 / tot.s))::int as n from c, tot`,
      [`{${placed.map((p) => p.account.companyId).join(',')}}`, spread],
    ],
    [
      'contact entities',
      `create temp table seed_crm_entities as
        select a.company_id as cid, a.entity_id as eid,
               (row_number() over (partition by a.company_id order by a.entity_id) - 1)::int as r,
               (count(*) over (partition by a.company_id))::int as ne
        from entity_product_access a join products p on p.id = a.product_id and p.type = 'crm'`,
    ],
    [
      'contacts (spread)',
      `insert into crm_contacts (${CONTACT_COLUMNS})
        select ${contactSelect(`cid || '.' || k`, 'null')}
        from (select cp.cid, ce.eid, k
              from seed_crm_plan cp, generate_series(1, cp.n) k, seed_crm_entities ce
              where ce.cid = cp.cid and ce.r = k % ce.ne) x`,
    ],
    ...placed.flatMap((p, i): [string, string, unknown[]][] => [
      [
        `clients (${p.clients} in one entity)`,
        `insert into crm_clients (id, company_id, entity_id, name, website, industry, status, created_at, last_activity_at)
          select ${clientId(i, 'k')}, $1::uuid, $2::uuid,
                 (${arr(CLIENT_WORDS)})[1 + ${h(`'cn${i}.' || k`)} % ${CLIENT_WORDS.length}] || ' ' || k,
                 'client' || k || '.example',
                 (${arr(INDUSTRIES)})[1 + ${h(`'ci${i}.' || k`)} % ${INDUSTRIES.length}],
                 'active', t, t
          from generate_series(1, $3::int) k, lateral (select timestamptz '2021-06-01 00:00:00+00' + k * interval '1 minute' as t) x`,
        [p.account.companyId, p.account.entityId, p.clients],
      ],
      [
        `contacts (${p.contacts.toLocaleString('en-US')} in one entity)`,
        `insert into crm_contacts (${CONTACT_COLUMNS})
          select ${contactSelect(`'p${i}.' || k`, clientId(i, `(1 + k % $4::int)::text`))}
          from (select $1::uuid as cid, $2::uuid as eid, k from generate_series(1, $3::int) k) x`,
        [p.account.companyId, p.account.entityId, p.contacts, p.clients],
      ],
      [
        `open opportunities (${p.opportunities.toLocaleString('en-US')} in one entity)`,
        `insert into crm_opportunities (id, company_id, entity_id, name, client_id, amount_minor, currency, expected_close_date, owner_id, stage, created_at)
          select md5('bench-crm-o-${i}.' || k)::uuid, $1::uuid, $2::uuid,
                 'Deal ' || k, ${clientId(i, `(1 + k % $4::int)::text`)},
                 100 * (${h(`'oa${i}.' || k`)} % 1000000), $5, date '2027-01-01' + (${h(`'od${i}.' || k`)} % 365), $6::uuid,
                 (${arr(OPEN_STAGES)})[1 + ${h(`'os${i}.' || k`)} % ${OPEN_STAGES.length}],
                 timestamptz '2025-01-01 00:00:00+00' + k * interval '1 minute'
          from generate_series(1, $3::int) k`,
        [p.account.companyId, p.account.entityId, p.opportunities, p.clients, currencies[i], p.account.userId],
      ],
    ]),
    ['drop temp', `drop table seed_crm_plan, seed_crm_entities`],
    ['origin mode', `set session_replication_role = origin`],
    ['analyze', `analyze crm_clients, crm_contacts, crm_opportunities`],
  ];
  for (const [name, statement, params] of steps) {
    const t0 = performance.now();
    await exec(statement, params);
    ctx.log(`seed ${name}: ${Math.round(performance.now() - t0)} ms`);
  }
  // The foreign keys that replica mode skipped.
  const { rows: broken } = await exec(
    `select (select count(*) from crm_contacts k where not exists (select 1 from entities x where x.id = k.entity_id and x.company_id = k.company_id))::int as contact_entity,
            (select count(*) from crm_contacts k where k.client_id is not null and not exists (select 1 from crm_clients c where c.id = k.client_id and c.entity_id = k.entity_id))::int as contact_client,
            (select count(*) from crm_clients c where not exists (select 1 from entities x where x.id = c.entity_id and x.company_id = c.company_id))::int as client_entity,
            (select count(*) from crm_opportunities o where not exists (select 1 from crm_clients c where c.id = o.client_id and c.entity_id = o.entity_id))::int as opportunity_client,
            (select count(*) from crm_opportunities o where o.owner_id is not null and not exists (select 1 from users u where u.id = o.owner_id and u.company_id = o.company_id))::int as opportunity_owner`,
  );
  const bad = Object.entries(broken[0]!).filter(([, n]) => Number(n) !== 0);
  if (bad.length) throw new Error(`seeded CRM rows break constraints: ${JSON.stringify(Object.fromEntries(bad))}`);
  const { rows } = await exec(
    `select (select count(*) from crm_clients)::int as crm_clients, (select count(*) from crm_contacts)::int as crm_contacts,
            (select count(*) from crm_opportunities where closed_at is null)::int as crm_open_opportunities`,
  );
  return { counts: rows[0] as Record<string, number> };
}

export const crm: ModuleBench = {
  name: 'crm',
  seed: seedCrm,
  async measure(ctx) {
    const { big, small } = ctx;
    // What the contacts page asks for a search (contacts-page.tsx: its query, in its order, no cursor).
    const search = (acc: typeof big) => ({
      path: `/api/crm/contacts?entityId=${acc.entityId}&q=${encodeURIComponent(SEARCH)}&sort=name&dir=asc&limit=25`,
      headers: ctx.cookie(acc.client),
    });
    // What the pipeline page asks for on load (opportunities-page.tsx, boardQuery).
    const board = { path: `/api/crm/pipeline?entityId=${big.entityId}&limit=20`, headers: ctx.cookie(big.client) };

    // Each request once, to check that it answers what the figure claims to measure.
    const once = async (r: { path: string; headers: Record<string, string> }) => {
      const res = await fetch(`${ctx.server.origin}${r.path}`, { headers: r.headers, signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`GET ${r.path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      return res.json() as Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const found = await once(search(big));
    const columns = (await once(board)).columns as { count: number; items: unknown[] }[];
    const open = columns.reduce((n, c) => n + c.count, 0);
    ctx.measurements.check = { searchFirstPage: found.items.length, boardOpportunities: open, boardCards: columns.reduce((n, c) => n + c.items.length, 0) };
    if (found.items.length === 0) throw new Error(`C1: the search for "${SEARCH}" found nothing at the big entity`);
    if (open !== SETTINGS.bigOpportunities) throw new Error(`C2: the board counts ${open} opportunities, ${SETTINGS.bigOpportunities} seeded`);

    ctx.measurements.search = await ctx.latencyRatio(
      'C1',
      `CRM: contacts search (q=${SEARCH}) first page (25, by name) p95, ${SETTINGS.bigContacts.toLocaleString('en-US')}-contact entity vs ${SETTINGS.smallContacts}-contact entity`,
      search(big),
      search(small),
      // A search page reads every match (bench/README.md): judged at ≤ 2.0.
      SEARCH_BOUND,
    );
    ctx.measurements.pipeline = await ctx.latencyGoal(
      'C2',
      `CRM: pipeline board data (GET /api/crm/pipeline: counts, totals, first 20 cards per stage) p95, ${SETTINGS.bigOpportunities.toLocaleString('en-US')} open opportunities in one entity`,
      board,
      150,
    );
  },
};
