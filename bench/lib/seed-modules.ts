/**
 * Module and audit data on top of the base data set (seed.ts): HRMS employees and audit events.
 *
 * Employees: the named entities get an exact count (the big company's entity: 100,000; the small
 * company's: 10); the rest of the total is spread over the seeded companies that hold HRMS, in
 * proportion to their users, across their HRMS entities. Audit events: an exact count per named
 * company, one every 25 seconds back from now (inside the default 365-day retention). Ids and
 * values come from md5 of stable keys, so the same options give the same rows. Runs as the table
 * owner with `session_replication_role = replica`, like seed.ts, and checks the foreign keys after.
 */
import type { Exec } from './seed';

export interface PlacedEmployees {
  companyId: string;
  entityId: string;
  count: number;
}

export interface ModuleSeedOptions {
  /** Employees the database should hold in the end, placed ones included. */
  totalEmployees: number;
  placed: PlacedEmployees[];
  /** PostgreSQL only (the audit figure is measured there). */
  auditEvents?: { companyId: string; count: number }[];
}

export interface ModuleSeedReport {
  ms: number;
  steps: Record<string, number>;
  counts: Record<string, number>;
}

/** Person names shared by the module seeds: one of 20 × 20, so a full name is held by one person in 400. */
export const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Frances', 'John', 'Radia', 'Tim', 'Hedy', 'Edsger', 'Karen', 'Niklaus', 'Sophie', 'Donald', 'Lynn', 'Bjarne'];
export const LAST = ['Lovelace', 'Turing', 'Hopper', 'Torvalds', 'Hamilton', 'Thompson', 'Liskov', 'Ritchie', 'Allen', 'Backus', 'Perlman', 'Berners', 'Lamarr', 'Dijkstra', 'Jones', 'Wirth', 'Wilson', 'Knuth', 'Conway', 'Stroustrup'];
const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations', 'People', 'Support', 'Legal'];
const TITLES = ['Engineer', 'Analyst', 'Manager', 'Specialist', 'Coordinator', 'Director', 'Associate', 'Consultant'];
const TYPES = ['full_time', 'full_time', 'full_time', 'part_time', 'contractor'];

/** A SQL array literal of fixed words. */
export const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
/** A stable pseudo-random int (28 bits) from md5 of a SQL text expression. */
export const h = (key: string) => `(('x' || substr(md5(${key}), 1, 7))::bit(28)::int)`;

/** The columns of one employee row, from its company id `cid`, entity id `eid` and number `k` (SQL expressions). */
const employeeSelect = (key: string) => `
  md5('bench-emp-' || ${key})::uuid, cid, eid,
  (${arr(FIRST)})[1 + ${h(`'fn' || ${key}`)} % ${FIRST.length}],
  (${arr(LAST)})[1 + ${h(`'ln' || ${key}`)} % ${LAST.length}],
  'employee.' || k || '.' || left(cid::text, 8) || '@seed.example',
  (${arr(TITLES)})[1 + ${h(`'ti' || ${key}`)} % ${TITLES.length}],
  (${arr(DEPARTMENTS)})[1 + ${h(`'de' || ${key}`)} % ${DEPARTMENTS.length}],
  (${arr(TYPES)})[1 + ${h(`'ty' || ${key}`)} % ${TYPES.length}],
  date '2015-01-01' + (${h(`'sd' || ${key}`)} % 4000),
  timestamptz '2021-01-01 00:00:00+00' + k * interval '1 second'`;

const EMPLOYEE_COLUMNS = 'id, company_id, entity_id, first_name, last_name, work_email, job_title, department, employment_type, start_date, created_at';

export async function seedModules(exec: Exec, o: ModuleSeedOptions, log: (s: string) => void = () => {}): Promise<ModuleSeedReport> {
  const placedTotal = o.placed.reduce((s, p) => s + p.count, 0);
  const spread = o.totalEmployees - placedTotal;
  if (spread < 0) throw new Error(`placed employees (${placedTotal}) exceed the total (${o.totalEmployees})`);
  const placedCompanies = `{${o.placed.map((p) => p.companyId).join(',')}}`;
  const steps: [string, string, unknown[]?][] = [
    ['replica mode', `set session_replication_role = replica`],
    ['work_mem', `set work_mem = '64MB'`],
    // Companies holding HRMS (other than the placed ones) with their share of the spread employees.
    [
      'employee plan',
      `create temp table seed_emp_plan as
        with c as (
          select u.company_id as cid, count(*)::float8 as nu
          from users u
          join company_product_access a on a.company_id = u.company_id
          join products p on p.id = a.product_id and p.type = 'hrms'
          where u.company_id <> all($1::uuid[])
          group by u.company_id
        ), tot as (select sum(nu) as s from c)
        select c.cid, greatest(1, round(c.nu * $2::float8 / tot.s))::int as n from c, tot`,
      [placedCompanies, spread],
    ],
    [
      'employee entities',
      `create temp table seed_emp_entities as
        select a.company_id as cid, a.entity_id as eid,
               (row_number() over (partition by a.company_id order by a.entity_id) - 1)::int as r,
               (count(*) over (partition by a.company_id))::int as ne
        from entity_product_access a join products p on p.id = a.product_id and p.type = 'hrms'`,
    ],
    [
      'employees (spread)',
      `insert into hrms_employees (${EMPLOYEE_COLUMNS})
        select ${employeeSelect(`cid || '.' || k`)}
        from (select ep.cid, ee.eid, k
              from seed_emp_plan ep, generate_series(1, ep.n) k, seed_emp_entities ee
              where ee.cid = ep.cid and ee.r = k % ee.ne) x`,
    ],
    ...o.placed.map((p, i): [string, string, unknown[]] => [
      `employees (${p.count.toLocaleString('en-US')} in one entity)`,
      `insert into hrms_employees (${EMPLOYEE_COLUMNS})
        select ${employeeSelect(`'p${i}.' || k`)}
        from (select $1::uuid as cid, $2::uuid as eid, k from generate_series(1, $3::int) k) x`,
      [p.companyId, p.entityId, p.count],
    ]),
    ...(o.auditEvents ?? []).map((a, i): [string, string, unknown[]] => [
      `audit events (${a.count.toLocaleString('en-US')} in one company)`,
      `insert into audit_events (id, company_id, created_at, actor_id, actor_name, actor_email, action, target_type, target_id, target_label, changes, ip_address, user_agent, request_id)
        select md5('bench-ae-${i}.' || g)::uuid, $1::uuid, now() - g * interval '25 seconds', null, 'Seed Admin', 'seed.admin@seed.example',
               (array['user.updated','organization.updated','entity.updated','auth.sign_in.succeeded'])[1 + g % 4],
               'user', md5('bench-at-' || g), 'Seed target ' || g,
               jsonb_build_array(jsonb_build_object('field', 'firstName', 'before', 'A' || g, 'after', 'B' || g)),
               '127.0.0.1', 'bench-seed', md5('bench-ar-' || g)
        from generate_series(1, $2::int) g`,
      [a.companyId, a.count],
    ]),
    ['drop temp', `drop table seed_emp_plan, seed_emp_entities`],
    ['origin mode', `set session_replication_role = origin`],
    ['analyze', `analyze hrms_employees${o.auditEvents?.length ? ', audit_events' : ''}`],
  ];
  const started = performance.now();
  const times: Record<string, number> = {};
  for (const [name, statement, params] of steps) {
    const t0 = performance.now();
    await exec(statement, params);
    times[name] = Math.round(performance.now() - t0);
    log(`seed ${name}: ${times[name]} ms`);
  }
  const { rows: orphans } = await exec(
    `select (select count(*) from hrms_employees e where not exists (select 1 from entities x where x.id = e.entity_id and x.company_id = e.company_id))::int as employee_entity,
            (select count(*) from audit_events a where not exists (select 1 from companies c where c.id = a.company_id))::int as audit_company,
            (select count(*) from (select company_id, lower(work_email) from hrms_employees group by 1, 2 having count(*) > 1) d)::int as employee_email_dupes`,
  );
  const bad = Object.entries(orphans[0]!).filter(([, n]) => Number(n) !== 0);
  if (bad.length) throw new Error(`seeded module rows break constraints: ${JSON.stringify(Object.fromEntries(bad))}`);
  const { rows } = await exec(`select (select count(*) from hrms_employees)::int as hrms_employees, (select count(*) from audit_events)::int as audit_events`);
  return { ms: Math.round(performance.now() - started), steps: times, counts: rows[0] as Record<string, number> };
}
