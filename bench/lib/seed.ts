/**
 * Deterministic bulk data in the product's own schema: companies with organizations, entities,
 * product access, users (with credential accounts), per-user product access and sessions.
 *
 * The shape (how many users, organizations, entities and products each company has) comes from a
 * seeded PRNG in this process; the rows are produced by set-based SQL (`generate_series`) with
 * md5-derived ids and values, so the same seed always gives the same rows and the seeding is fast.
 * It runs as the table owner, so row-level security does not apply to it.
 */
import { gaussian, mulberry32 } from './prng';

export type Exec = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface GrowCompany {
  /** A company that already exists (signed up through the API). */
  companyId: string;
  /** Users the company should have in the end; the difference is added. */
  targetUsers: number;
  organizations: number;
  entitiesPerOrganization: number;
  /** Bit i = the i-th product by type; must be products the company already holds. */
  productMask: number;
}

export interface SeedOptions {
  seed: number;
  /** Companies and users the database should hold in the end, counting those already there. */
  totalCompanies: number;
  totalUsers: number;
  grow: GrowCompany[];
  /** One scrypt hash (the app's hasher) used for every seeded credential account. */
  passwordHash: string;
}

interface PlanRow {
  i: number;
  cid: string | null;
  nu: number;
  no: number;
  ne: number;
  mask: number;
  t: number;
}

/** What is already there (rows made through the API before seeding). */
export interface Existing {
  companies: number;
  users: number;
  /** Users per grown company, by company id. */
  usersOf: Record<string, number>;
}

export function buildPlan(o: SeedOptions, existing: Existing) {
  const rand = mulberry32(o.seed);
  const rows: PlanRow[] = [];
  let i = 0;
  let added = 0;
  for (const g of o.grow) {
    const nu = g.targetUsers - (existing.usersOf[g.companyId] ?? 0);
    if (nu < 1) throw new Error(`company ${g.companyId} already has ${g.targetUsers} users`);
    added += nu;
    rows.push({ i: i++, cid: g.companyId, nu, no: g.organizations, ne: g.entitiesPerOrganization, mask: g.productMask, t: 0 });
  }
  const newCompanies = o.totalCompanies - existing.companies;
  const newUsers = o.totalUsers - existing.users - added;
  if (newCompanies < 1 || newUsers < newCompanies) throw new Error(`bad seed sizes: ${newCompanies} companies, ${newUsers} users`);
  // Heavy-tailed company sizes (log-normal weights): most companies are small, a few have hundreds.
  const weights = Array.from({ length: newCompanies }, () => Math.exp(1.3 * gaussian(rand)));
  const total = weights.reduce((s, w) => s + w, 0);
  const spread = newUsers - newCompanies;
  const sizes = weights.map((w) => 1 + Math.floor((w / total) * spread));
  let left = newUsers - sizes.reduce((s, n) => s + n, 0);
  for (let k = 0; left > 0; k = (k + 1) % sizes.length, left--) sizes[k]! += 1;
  const fourYears = 4 * 365 * 86400;
  for (const nu of sizes) {
    const no = Math.min(12, 1 + Math.floor(nu / 40) + (rand() < 0.25 ? 1 : 0));
    const ne = 1 + Math.floor(rand() * 3);
    const mask = 1 + Math.floor(rand() * 15);
    rows.push({ i: i++, cid: null, nu, no, ne, mask, t: Math.floor(rand() * fourYears) });
  }
  return rows;
}

// 28 bits of md5 as a non-negative int: a deterministic pseudo-random number per key.
const h = (key: string) => `(('x' || substr(md5(${key}), 1, 7))::bit(28)::int)`;

const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'John', 'Radia', 'Tim', 'Hedy', 'Edsger', 'Karen', 'Niklaus', 'Sophie', 'Donald', 'Lynn', 'Bjarne'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen', 'Backus', 'Perlman', 'Berners', 'Lamarr', 'Dijkstra', 'Jones', 'Wirth', 'Wilson', 'Knuth', 'Conway', 'Stroustrup'];
const COUNTRIES = ['United States', 'United Kingdom', 'Germany', 'France', 'India', 'Canada', 'Australia', 'Japan', 'Brazil', 'Other'];

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** The statements, in order; each is one statement (both drivers run them one at a time). */
export function seedStatements(): { name: string; sql: string; params?: 'plan' | 'hash' }[] {
  const base = `timestamptz '2021-01-01 00:00:00+00'`;
  return [
    // Rows are consistent by construction (checked by integrityCheck afterwards): skip the
    // per-row foreign-key triggers, the bulk of the cost on both databases.
    { name: 'replica mode', sql: `set session_replication_role = replica` },
    { name: 'work_mem', sql: `set work_mem = '64MB'` },
    { name: 'plan', params: 'plan', sql: `create temp table seed_plan as select * from jsonb_to_recordset($1::jsonb) as p(i int, cid uuid, nu int, no int, ne int, mask int, t int)` },
    { name: 'plan ids', sql: `update seed_plan set cid = md5('bench-c-' || i)::uuid where cid is null` },
    { name: 'products', sql: `create temp table seed_products as select id, (row_number() over (order by type) - 1)::int as bit from products` },
    {
      name: 'companies',
      sql: `insert into companies (id, name, created_at, updated_at)
        select p.cid, 'Seed Company ' || p.i, ${base} + p.t * interval '1 second', ${base} + p.t * interval '1 second'
        from seed_plan p where p.cid = md5('bench-c-' || p.i)::uuid`,
    },
    {
      name: 'company_product_access',
      sql: `insert into company_product_access (company_id, product_id)
        select p.cid, s.id from seed_plan p join seed_products s on (p.mask >> s.bit) & 1 = 1
        where p.cid = md5('bench-c-' || p.i)::uuid`,
    },
    {
      name: 'organizations',
      sql: `insert into organizations (id, name, company_id, created_at, updated_at)
        select md5('bench-o-' || p.i || '.' || g)::uuid, 'Organization ' || g, p.cid,
               ${base} + p.t * interval '1 second' + g * interval '1 hour', ${base} + p.t * interval '1 second' + g * interval '1 hour'
        from seed_plan p, generate_series(1, p.no) g`,
    },
    {
      name: 'entities',
      sql: `insert into entities (id, name, organization_id, company_id, country, created_at, updated_at)
        select md5('bench-e-' || p.i || '.' || g || '.' || e)::uuid, 'Entity ' || g || '-' || e, md5('bench-o-' || p.i || '.' || g)::uuid, p.cid,
               (${arr(COUNTRIES)})[1 + ${h(`'ct' || p.i || '.' || g || '.' || e`)} % ${COUNTRIES.length}],
               ${base} + p.t * interval '1 second' + g * interval '1 hour' + e * interval '1 minute',
               ${base} + p.t * interval '1 second' + g * interval '1 hour' + e * interval '1 minute'
        from seed_plan p, generate_series(1, p.no) g, generate_series(1, p.ne) e`,
    },
    {
      name: 'entity_product_access',
      sql: `insert into entity_product_access (entity_id, product_id, company_id)
        select md5('bench-e-' || p.i || '.' || g || '.' || e)::uuid, s.id, p.cid
        from seed_plan p, generate_series(1, p.no) g, generate_series(1, p.ne) e, seed_products s
        where (p.mask >> s.bit) & 1 = 1`,
    },
    {
      name: 'user plan',
      sql: `create temp table seed_users as
        select p.i, u, md5('bench-u-' || p.i || '.' || u)::uuid as uid, p.cid, p.mask, p.ne,
               (p.cid <> md5('bench-c-' || p.i)::uuid) as grown, x.hv,
               (x.hv / 400) % (p.no * p.ne) as k,
               ${base} + p.t * interval '1 second' + (((u - 1)::float8 / p.nu) * 94608000 + x.hv % 3600) * interval '1 second' as ts
        from seed_plan p, generate_series(1, p.nu) u, lateral (select ${h(`'bench-h-' || p.i || '.' || u`)} as hv) x`,
    },
    {
      name: 'users',
      sql: `insert into users (id, name, email, email_verified, first_name, last_name, role, company_id, organization_id, entity_id, created_at, updated_at)
        select su.uid, f.fn || ' ' || f.ln, lower(f.fn || '.' || f.ln || '.' || su.i || '.' || su.u || '@seed.example'), false, f.fn, f.ln,
               case when su.u = 1 and not su.grown then 'super_admin' else 'user' end, su.cid,
               md5('bench-o-' || su.i || '.' || (su.k / su.ne + 1))::uuid,
               md5('bench-e-' || su.i || '.' || (su.k / su.ne + 1) || '.' || (su.k % su.ne + 1))::uuid,
               su.ts, su.ts
        from seed_users su,
             lateral (select (${arr(FIRST)})[1 + su.hv % ${FIRST.length}] as fn, (${arr(LAST)})[1 + (su.hv / ${FIRST.length}) % ${LAST.length}] as ln) f`,
    },
    {
      name: 'accounts',
      params: 'hash',
      sql: `insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
        select md5('bench-a-' || su.uid)::uuid, su.uid::text, 'credential', su.uid, $1, su.ts, su.ts from seed_users su`,
    },
    {
      name: 'user_product_access',
      sql: `insert into user_product_access (user_id, product_id, entity_id, company_id, role_type)
        select su.uid, s.id, md5('bench-e-' || su.i || '.' || (su.k / su.ne + 1) || '.' || (su.k % su.ne + 1))::uuid, su.cid, 'app_admin'
        from seed_users su join seed_products s on (su.mask >> s.bit) & 1 = 1
        where ${h(`'bench-g-' || su.uid || '.' || s.bit`)} % 3 <> 0`,
    },
    {
      name: 'sessions',
      sql: `insert into sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
        select md5('bench-s-' || su.uid)::uuid, md5('bench-t-' || su.uid), su.uid, now() + interval '7 days', '127.0.0.1', 'bench-seed', now(), now()
        from seed_users su where su.hv % 6 = 0`,
    },
    { name: 'drop temp', sql: `drop table seed_users, seed_plan, seed_products` },
    { name: 'origin mode', sql: `set session_replication_role = origin` },
    { name: 'analyze', sql: `analyze` },
  ];
}

export interface SeedReport {
  ms: number;
  steps: Record<string, number>;
  counts: Record<string, number>;
}

export async function seed(exec: Exec, o: SeedOptions, log: (s: string) => void = () => {}): Promise<SeedReport> {
  const before = await countRows(exec);
  const usersOf: Record<string, number> = {};
  for (const g of o.grow) {
    const { rows } = await exec(`select count(*)::int as n from users where company_id = $1`, [g.companyId]);
    usersOf[g.companyId] = Number(rows[0]!.n);
  }
  const plan = buildPlan(o, { companies: before.companies!, users: before.users!, usersOf });
  const started = performance.now();
  const steps: Record<string, number> = {};
  for (const st of seedStatements()) {
    const t0 = performance.now();
    const params = st.params === 'plan' ? [JSON.stringify(plan)] : st.params === 'hash' ? [o.passwordHash] : undefined;
    await exec(st.sql, params);
    steps[st.name] = Math.round(performance.now() - t0);
    log(`seed ${st.name}: ${steps[st.name]} ms`);
  }
  const t0 = performance.now();
  const orphans = await integrityCheck(exec);
  steps['integrity check'] = Math.round(performance.now() - t0);
  const bad = Object.entries(orphans).filter(([, n]) => n !== 0);
  if (bad.length) throw new Error(`seeded rows break foreign keys: ${JSON.stringify(Object.fromEntries(bad))}`);
  const ms = Math.round(performance.now() - started);
  return { ms, steps, counts: await countRows(exec) };
}

/** Counts rows that would break each foreign key the bulk load skipped (all must be 0). */
export async function integrityCheck(exec: Exec) {
  const checks: Record<string, string> = {
    cpa_company: `select count(*) from company_product_access a where not exists (select 1 from companies c where c.id = a.company_id)`,
    org_company: `select count(*) from organizations o where not exists (select 1 from companies c where c.id = o.company_id)`,
    entity_org: `select count(*) from entities e where not exists (select 1 from organizations o where o.id = e.organization_id and o.company_id = e.company_id)`,
    epa_entity: `select count(*) from entity_product_access a where not exists (select 1 from entities e where e.id = a.entity_id and e.company_id = a.company_id)`,
    epa_cpa: `select count(*) from entity_product_access a where not exists (select 1 from company_product_access c where c.company_id = a.company_id and c.product_id = a.product_id)`,
    user_company: `select count(*) from users u where not exists (select 1 from companies c where c.id = u.company_id)`,
    user_entity: `select count(*) from users u where u.entity_id is not null and not exists (select 1 from entities e where e.id = u.entity_id and e.organization_id = u.organization_id and e.company_id = u.company_id)`,
    account_user: `select count(*) from accounts a where not exists (select 1 from users u where u.id = a.user_id)`,
    session_user: `select count(*) from sessions s where not exists (select 1 from users u where u.id = s.user_id)`,
    upa_user: `select count(*) from user_product_access a where not exists (select 1 from users u where u.id = a.user_id and u.company_id = a.company_id)`,
    upa_epa: `select count(*) from user_product_access a where not exists (select 1 from entity_product_access e where e.entity_id = a.entity_id and e.product_id = a.product_id and e.company_id = a.company_id)`,
  };
  const { rows } = await exec(`select ${Object.entries(checks).map(([k, q]) => `(${q})::int as ${k}`).join(', ')}`);
  return rows[0] as Record<string, number>;
}

export async function countRows(exec: Exec) {
  const tables = ['companies', 'organizations', 'entities', 'users', 'accounts', 'sessions', 'company_product_access', 'entity_product_access', 'user_product_access'];
  const { rows } = await exec(`select ${tables.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')}`);
  return rows[0] as Record<string, number>;
}
