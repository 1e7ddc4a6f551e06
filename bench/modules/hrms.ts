/**
 * HRMS workforce figures (issue 34, "Scale"): the Employee Portal's home as a linked employee
 * (H1), the attendance page's last working day as HR (H2, `day=`) and its submitted timesheets (H3), each at a
 * 10,000-employee entity against a 10-employee one.
 *
 * Data: BENCH_HRMS_EMPLOYEES employees in all (100,000): BENCH_HRMS_PORTAL_EMPLOYEES (10,000) at
 * the big company's entity, 10 at the small one's, the rest spread over the seeded companies that
 * hold HRMS (bench/lib/seed-modules.ts, as run.ts seeds them). Then, for every employee:
 *
 * - a manager: in each entity, numbered by creation, employee n reports to employee
 *   (n − 2) div 8 + 1, so everyone but the first is in a team of 8 under a manager who is in a
 *   team of 8 themselves;
 * - attendance: 95 % worked every weekday of last week (timesheet submitted) and of this week so
 *   far (timesheet draft), 8 hours a day; today, 60 % clocked in on time and are still in, 15 %
 *   clocked in late and are still in, 25 % have no entry (missing, on a working day). The entity's
 *   late-after time is set to two hours before the seed ran (UTC), so a run at any hour has all
 *   three, where the default 10:00 would leave a morning run with nobody late yet;
 * - at the two measured entities, leave (type Annual, made by the API's first use): two approved
 *   requests earlier this year each, approved leave in the next 14 days for one in eight, pending
 *   leave three weeks ahead for one in ten, with their working days per month as the app counts
 *   them (weekends excluded; the entities' country "Other" has no public holidays).
 *
 * Employee 2 of each measured entity (a manager of 8 at the big one, of 1 at the small one, with a
 * manager and 7 peers) is linked to a user created through the API with CRM access only: the
 * portal needs no HRMS grant. The signed-up admin of each company (HRMS App Admin) is the HR side.
 * Same set-based, md5-derived, replica-mode seeding as the other modules, with a foreign-key and
 * consistency check and VACUUM ANALYZE after.
 */
import { addDays } from '../../src/server/modules/hrms/dates';
import { weekStartOf } from '../../src/shared/attendance';
import { ApiClient, createUser, signIn, type SignedUp } from '../lib/api';
import { num } from '../lib/common';
import type { LoadRequest } from '../lib/load';
import type { ModuleBench, ModuleMeasureContext, ModuleSeedContext } from '../lib/module-bench';
import { h, seedModules } from '../lib/seed-modules';
import type { Exec } from '../lib/seed';

const SETTINGS = {
  employees: num('BENCH_HRMS_EMPLOYEES', 100_000),
  bigEmployees: num('BENCH_HRMS_PORTAL_EMPLOYEES', 10_000),
  smallEmployees: 10,
};

/** Each employee's attendance share (h(id) mod 100): below ABSENT_WEEK no full days; below IN_ON_TIME in on time today; below IN_LATE in late. */
const ABSENT_WEEK = 5;
const IN_ON_TIME = 60;
const IN_LATE = 75;
/** A worked day: 8 h 30 in, a 30-minute break. */
const DAY_SPAN_MINUTES = 510;
const BREAK_MINUTES = 30;
const TEAM_SIZE = 8;
/** The employee (by number in the entity) whose user opens the portal: a manager with a manager. */
const LINKED = 2;
/** A peer and a report of LINKED (in both entities), away from today: the portal's team list is never empty. */
const AWAY_TODAY = [3, 10];

/** A day (SQL date) moved to the Monday after it when it falls on a weekend. */
const weekday = (day: string) => `(${day} + case extract(isodow from ${day})::int when 6 then 2 when 7 then 1 else 0 end)`;
/** Midnight UTC of a day (SQL date) as timestamptz. */
const utc = (day: string) => `((${day})::timestamp at time zone 'UTC')`;

async function seedHrms(exec: Exec, ctx: ModuleSeedContext) {
  const measured = [ctx.big, ctx.small];
  const employees = await seedModules(
    exec,
    {
      totalEmployees: SETTINGS.employees,
      placed: [
        { companyId: ctx.big.companyId, entityId: ctx.big.entityId, count: SETTINGS.bigEmployees },
        { companyId: ctx.small.companyId, entityId: ctx.small.entityId, count: SETTINGS.smallEmployees },
      ],
    },
    ctx.log,
  );

  // The API's first use makes each measured entity's leave types; the portal users get CRM only.
  const crm = ctx.products.find((p) => p.type === 'crm')!.id;
  const annual: string[] = [];
  const portal: { email: string; userId: string }[] = [];
  for (const account of measured) {
    const types = await account.client.expect(200, 'GET', `/hrms/leave-types?entityId=${account.entityId}`);
    annual.push((types.items as { id: string; name: string }[]).find((t) => t.name === 'Annual')!.id);
    const user = await createUser(account, `hrms-portal-${account === ctx.big ? 'big' : 'small'}`, [crm]);
    portal.push({ email: user.email, userId: user.id });
  }

  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const weekStart = weekStartOf(now);
  const nowMinutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const lateAfter = Math.min(1439, Math.max(0, nowMinutes - 120));
  const pastWeekdays = Array.from({ length: (Date.parse(today) - Date.parse(weekStart)) / 86_400_000 }, (_, i) => addDays(weekStart, i)).filter(
    (d) => new Date(`${d}T00:00:00Z`).getUTCDay() % 6 !== 0,
  ).length;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  // Two earlier requests each, one in each half of the year so far (a week apart at least), both
  // ended over a week before today.
  const half = Math.max(1, Math.floor(((Date.parse(today) - Date.parse(yearStart)) / 86_400_000 - 14) / 2));
  const entities = `{${measured.map((a) => a.entityId).join(',')}}`;
  const timesheetId = (employee: string, week: string) => `md5('bench-hrms-ts-' || ${employee} || '.' || ${week})::uuid`;

  const steps: [string, string, unknown[]?][] = [
    ['replica mode', `set session_replication_role = replica`],
    ['work_mem', `set work_mem = '64MB'`],
    [
      'employee numbers',
      `create temp table seed_hrms_people as
        select id, company_id as cid, entity_id as eid,
               row_number() over (partition by entity_id order by created_at, id)::int as rn,
               ${h(`'at' || id`)} % 100 as r
        from hrms_employees`,
    ],
    [
      'managers (teams of 8)',
      `update hrms_employees e set manager_id = m.id
        from seed_hrms_people c join seed_hrms_people m on m.eid = c.eid and m.rn = (c.rn - 2) / ${TEAM_SIZE} + 1
        where e.id = c.id and c.rn > 1`,
    ],
    [
      'attendance settings',
      `insert into hrms_attendance_settings (id, company_id, entity_id, late_after_minutes)
        select md5('bench-hrms-as-' || eid)::uuid, cid, eid, $1::int from (select distinct cid, eid from seed_hrms_people) x`,
      [lateAfter],
    ],
    // Last week submitted (everyone who worked it); this week a draft for everyone with an entry in it.
    [
      'timesheets',
      `insert into hrms_timesheets (id, company_id, entity_id, employee_id, week_start, status, worked_minutes, submitted_at, created_at, updated_at)
        select ${timesheetId('p.id', 'w.week')}, p.cid, p.eid, p.id, w.week, w.status,
               case when p.r >= ${ABSENT_WEEK} then ${DAY_SPAN_MINUTES - BREAK_MINUTES} * w.days else 0 end,
               case when w.status = 'submitted' then ${utc('w.week + 4')} + interval '17 hours' + ${h(`'su' || p.id`)} % 120 * interval '1 minute' end,
               ${utc('w.week')}, now()
        from seed_hrms_people p,
             (values ($1::date - 7, 'submitted', 5), ($1::date, 'draft', $2::int)) w(week, status, days)
        where (w.status = 'submitted' and p.r >= ${ABSENT_WEEK})
           or (w.status = 'draft' and ((p.r >= ${ABSENT_WEEK} and w.days > 0) or p.r < ${IN_LATE}))`,
      [weekStart, pastWeekdays],
    ],
    [
      'time entries (whole days, last week and this week)',
      `insert into hrms_time_entries (id, company_id, entity_id, employee_id, timesheet_id, clock_in, clock_out, break_minutes, created_at, updated_at)
        select md5('bench-hrms-te-' || id || '.' || day)::uuid, cid, eid, id, ${timesheetId('id', 'week')},
               clock_in, clock_in + interval '${DAY_SPAN_MINUTES} minutes', ${BREAK_MINUTES}, clock_in, clock_in + interval '${DAY_SPAN_MINUTES} minutes'
        from (select p.id, p.cid, p.eid, d.day, d.week,
                     ${utc('d.day')} + interval '8 hours' + ${h(`'ci' || p.id || d.day`)} % 90 * interval '1 minute' as clock_in
              from seed_hrms_people p,
                   (select g::date as day, case when g < $1::date then $1::date - 7 else $1::date end as week
                    from generate_series(($1::date - 7)::timestamp, ($2::date - 1)::timestamp, interval '1 day') g
                    where extract(isodow from g) < 6) d
              where p.r >= ${ABSENT_WEEK}) x`,
      [weekStart, today],
    ],
    // Today: on time (by the late-after time) or late (after it, before now), still in.
    [
      'time entries (today, open)',
      `insert into hrms_time_entries (id, company_id, entity_id, employee_id, timesheet_id, clock_in, created_at, updated_at)
        select md5('bench-hrms-te-' || id || '.' || $1::date)::uuid, cid, eid, id, ${timesheetId('id', '$2::date')}, clock_in, clock_in, clock_in
        from (select p.*, ${utc('$1::date')} + (case when p.r < ${IN_ON_TIME} then ${h(`'ct' || p.id`)} % greatest(1, $3::int)
                                                     else $3::int + 1 + ${h(`'ct' || p.id`)} % greatest(1, $4::int - $3::int - 1) end) * interval '1 minute' as clock_in
              from seed_hrms_people p where p.r < ${IN_LATE}) x`,
      [today, weekStart, lateAfter, nowMinutes],
    ],
    [
      'leave requests (measured entities)',
      `insert into hrms_leave_requests (id, company_id, entity_id, employee_id, leave_type_id, start_date, end_date, days, days_by_month, status, decided_at, created_at, updated_at)
        select md5('bench-hrms-lr-' || q.id || '.' || q.kind)::uuid, q.cid, q.eid, q.id, t.tid, q.s, q.s + q.span, w.days, w.by_month, q.status,
               case when q.status = 'approved' then q.made + interval '1 day' end, q.made, q.made
        from (select p.id, p.cid, p.eid, k.kind, k.status, k.span, ${weekday('k.start')} as s,
                     least(now(), ${utc(weekday('k.start'))} - interval '14 days') as made
              from seed_hrms_people p
              cross join lateral (values
                ('away', 'approved', $1::date + case when p.rn = any($5::int[]) then 0 else ${h(`'lo' || p.id`)} % 12 end, ${h(`'lz' || p.id`)} % 3,
                 p.rn = any($5::int[]) or ${h(`'la' || p.id`)} % 8 = 0),
                ('earlier-1', 'approved', $2::date + ${h(`'l1' || p.id`)} % $6::int, ${h(`'l1z' || p.id`)} % 4, true),
                ('earlier-2', 'approved', $2::date + $6::int + 7 + ${h(`'l2' || p.id`)} % greatest(1, $6::int - 7), ${h(`'l2z' || p.id`)} % 4, true),
                ('pending', 'pending', $1::date + 21 + ${h(`'lr' || p.id`)} % 7, ${h(`'lqz' || p.id`)} % 2, ${h(`'lq' || p.id`)} % 10 = 1)
              ) k(kind, status, start, span, pick)
              where p.eid = any($3::uuid[]) and k.pick) q
        join unnest($3::uuid[], $4::uuid[]) t(eid, tid) on t.eid = q.eid
        cross join lateral (
          select sum(n)::numeric as days, jsonb_object_agg(month, n) as by_month
          from (select to_char(d, 'YYYY-MM') as month, count(*)::int as n
                from generate_series(q.s::timestamp, (q.s + q.span)::timestamp, interval '1 day') d
                where extract(isodow from d) < 6 group by 1) m
        ) w`,
      [today, yearStart, entities, `{${annual.join(',')}}`, `{${AWAY_TODAY.join(',')}}`, half],
    ],
    ...measured.map((account, i): [string, string, unknown[]] => [
      `portal user linked (${account === ctx.big ? 'big' : 'small'})`,
      `update hrms_employees e set user_id = $1::uuid from seed_hrms_people p where p.id = e.id and p.eid = $2::uuid and p.rn = ${LINKED}`,
      [portal[i]!.userId, account.entityId],
    ]),
    ['drop temp', `drop table seed_hrms_people`],
    ['origin mode', `set session_replication_role = origin`],
    ['vacuum analyze', `vacuum (analyze) hrms_employees, hrms_attendance_settings, hrms_timesheets, hrms_time_entries, hrms_leave_requests`],
  ];
  for (const [name, statement, params] of steps) {
    const t0 = performance.now();
    await exec(statement, params);
    ctx.log(`seed ${name}: ${Math.round(performance.now() - t0)} ms`);
  }

  // Replica mode skipped the foreign keys (triggers): check them, and what the app keeps consistent.
  const { rows: broken } = await exec(`
    select (select count(*) from hrms_employees c where c.manager_id is not null and not exists (select 1 from hrms_employees m where m.id = c.manager_id and m.entity_id = c.entity_id))::int as employee_manager,
           (select count(*) from hrms_employees c where c.user_id is not null and not exists (select 1 from users u where u.id = c.user_id and u.company_id = c.company_id))::int as employee_user,
           (select count(*) from hrms_attendance_settings s where not exists (select 1 from entities x where x.id = s.entity_id and x.company_id = s.company_id))::int as settings_entity,
           (select count(*) from hrms_timesheets t where not exists (select 1 from hrms_employees e where e.id = t.employee_id and e.entity_id = t.entity_id and e.company_id = t.company_id))::int as timesheet_employee,
           (select count(*) from hrms_time_entries x where not exists (select 1 from hrms_timesheets t where t.id = x.timesheet_id and t.entity_id = x.entity_id and t.employee_id = x.employee_id
              and x.clock_in >= ${utc('t.week_start')} and x.clock_in < ${utc('t.week_start + 7')}))::int as entry_timesheet_week,
           (select count(*) from hrms_time_entries x where x.clock_in > now())::int as entry_ahead,
           (select count(*) from hrms_timesheets t where t.worked_minutes <> coalesce((select sum(extract(epoch from x.clock_out - x.clock_in) / 60 - x.break_minutes)
              from hrms_time_entries x where x.timesheet_id = t.id and x.clock_out is not null), 0))::int as timesheet_minutes,
           (select count(*) from hrms_leave_requests r where not exists (select 1 from hrms_employees e where e.id = r.employee_id and e.entity_id = r.entity_id))::int as leave_employee,
           (select count(*) from hrms_leave_requests r where not exists (select 1 from hrms_leave_types t where t.id = r.leave_type_id and t.entity_id = r.entity_id))::int as leave_type,
           (select count(*) from hrms_leave_requests r where r.days <> (select sum(v::numeric) from jsonb_each_text(r.days_by_month) j(k, v)))::int as leave_days_by_month`);
  const bad = Object.entries(broken[0]!).filter(([, n]) => Number(n) !== 0);
  if (bad.length) throw new Error(`seeded HRMS rows break constraints: ${JSON.stringify(Object.fromEntries(bad))}`);

  // $1, $2: the big entity and its portal user; $3, $4: the small one's.
  const sideCounts = (side: 'big' | 'small', entity: string, user: string) => `
    (select count(*) from hrms_employees where entity_id = ${entity})::int as ${side}_employees,
    (select count(*) from hrms_time_entries where entity_id = ${entity} and clock_out is null)::int as ${side}_clocked_in,
    (select count(distinct employee_id) from hrms_time_entries where entity_id = ${entity}
       and clock_in >= ${utc(`'${lastWeekday()}'::date`)} and clock_in < ${utc(`'${lastWeekday()}'::date + 1`)})::int as ${side}_in_on_day,
    (select count(*) from hrms_timesheets where entity_id = ${entity} and status = 'submitted')::int as ${side}_submitted_timesheets,
    (select count(*) from hrms_leave_requests where entity_id = ${entity})::int as ${side}_leave_requests,
    (select id from hrms_employees where entity_id = ${entity} and user_id = ${user}) as ${side}_linked`;
  const { rows } = await exec(
    `select (select count(*) from hrms_employees)::int as hrms_employees, (select count(*) from hrms_timesheets)::int as hrms_timesheets,
            (select count(*) from hrms_time_entries)::int as hrms_time_entries, (select count(*) from hrms_leave_requests)::int as hrms_leave_requests,
            ${sideCounts('big', '$1::uuid', '$2::uuid')}, ${sideCounts('small', '$3::uuid', '$4::uuid')}`,
    [ctx.big.entityId, portal[0]!.userId, ctx.small.entityId, portal[1]!.userId],
  );
  const { big_linked: bigLinked, small_linked: smallLinked, ...counts } = rows[0] as Record<string, number | string>;
  ctx.log(`late-after ${lateAfter} min (UTC), ${pastWeekdays} worked days this week before today; employees seeded in ${employees.ms} ms`);
  return {
    counts: counts as Record<string, number>,
    data: { big: { employeeId: bigLinked, email: portal[0]!.email }, small: { employeeId: smallLinked, email: portal[1]!.email } },
  };
}

/** Every request the portal's home sends on load for a manager (src/web/features/hrms/portal-page.tsx and its cards). */
const portalHome = (employeeId: string) => [
  '/hrms/me',
  '/hrms/me/away',
  `/hrms/attendance/week?employeeId=${employeeId}`,
  `/hrms/employees/${employeeId}/balances`,
  `/hrms/leave-requests?employeeId=${employeeId}&limit=25`,
  '/hrms/onboarding/checklists?mine=true&status=open',
  '/hrms/me/payslips',
  // A manager's cards: Requests to Approve, Timesheets to Approve.
  '/hrms/leave-requests?status=pending&limit=25',
  '/hrms/attendance/timesheets?status=submitted&limit=25',
];
/**
 * The most recent working day (UTC): today on a weekday, else the Friday before. H2 asks for it
 * (`day=`), so that a run on a weekend still measures the "missing" list, which only working days have.
 */
function lastWeekday() {
  const d = new Date();
  while (d.getUTCDay() % 6 === 0) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
const attendanceToday = (entityId: string) => `/hrms/attendance/today?entityId=${entityId}&day=${lastWeekday()}`;
const submittedTimesheets = (entityId: string) => `/hrms/attendance/timesheets?entityId=${entityId}&status=submitted&limit=25`;

interface Side {
  hr: ApiClient;
  portal: ApiClient;
  entityId: string;
  employeeId: string;
}

/** A figure on a wrong answer would mean nothing: each side's requests answer, with the seeded rows. */
async function checkAnswers(ctx: ModuleMeasureContext, name: 'big' | 'small', side: Side) {
  const { counts } = ctx.seeded;
  for (const path of portalHome(side.employeeId)) await side.portal.expect(200, 'GET', path);
  const me = await side.portal.expect(200, 'GET', '/hrms/me');
  if (me.employees.length !== 1 || me.employees[0].id !== side.employeeId || !me.employees[0].hasReports) throw new Error(`H1 ${name}: /hrms/me is not the linked manager`);
  const away = await side.portal.expect(200, 'GET', '/hrms/me/away');
  if (away.items.length === 0) throw new Error(`H1 ${name}: nobody on the team is away`);
  const today = await side.hr.expect(200, 'GET', attendanceToday(side.entityId));
  // Each list is its first 50 and whether there are more: today "in" is who is clocked in now, an earlier day who clocked in that day.
  const inOnDay = counts[today.isToday ? `${name}_clocked_in` : `${name}_in_on_day`]!;
  if (today.counts.in !== Math.min(50, inOnDay) || today.more.in !== inOnDay > 50) throw new Error(`H2 ${name}: ${today.counts.in} in (more: ${today.more.in}), not ${inOnDay}`);
  const sheets = await side.hr.expect(200, 'GET', submittedTimesheets(side.entityId));
  if (sheets.items.length !== Math.min(25, counts[`${name}_submitted_timesheets`]!)) throw new Error(`H3 ${name}: ${sheets.items.length} timesheets`);
  ctx.log(`${name}: ${today.date} ${JSON.stringify(today.counts)} more ${JSON.stringify(today.more)}, team away ${away.items.length}`);
  return { date: today.date, ...today.counts, more: today.more } as Record<string, unknown>;
}

export const hrms: ModuleBench = {
  name: 'hrms',
  seed: seedHrms,
  measure: async (ctx) => {
    const { seeded } = ctx;
    const linked = seeded.data as Record<'big' | 'small', { employeeId: string; email: string }>;
    const side = async (account: SignedUp, which: 'big' | 'small'): Promise<Side> => ({
      // (The admin signed in on the server before the restart: a client for this one, same cookie.)
      hr: Object.assign(new ApiClient(ctx.server.origin), { cookie: account.client.cookie }),
      portal: await signIn(ctx.server.origin, linked[which].email),
      entityId: account.entityId,
      employeeId: linked[which].employeeId,
    });
    const big = await side(ctx.big, 'big');
    const small = await side(ctx.small, 'small');
    ctx.measurements.today = { big: await checkAnswers(ctx, 'big', big), small: await checkAnswers(ctx, 'small', small) };

    const get = (client: ApiClient, path: string): LoadRequest => ({ path: `/api${path}`, headers: ctx.cookie(client) });
    const sizes = `${seeded.counts.big_employees!.toLocaleString('en-US')}-employee entity vs ${seeded.counts.small_employees}-employee entity`;
    await ctx.latencyRatio(
      'H1',
      `HRMS: Employee Portal home as a linked manager without a grant (its ${portalHome(big.employeeId).length} requests, each connection cycling through them) p95, ${sizes}`,
      portalHome(big.employeeId).map((path) => get(big.portal, path)),
      portalHome(small.employeeId).map((path) => get(small.portal, path)),
    );
    await ctx.latencyRatio('H2', `HRMS: attendance of the last working day (GET /api/hrms/attendance/today?day=${lastWeekday()}) as HR p95, ${sizes}`, get(big.hr, attendanceToday(big.entityId)), get(small.hr, attendanceToday(small.entityId)));
    await ctx.latencyRatio(
      'H3',
      `HRMS: submitted timesheets (GET /api/hrms/attendance/timesheets?status=submitted&limit=25) as HR p95, ${sizes}`,
      get(big.hr, submittedTimesheets(big.entityId)),
      get(small.hr, submittedTimesheets(small.entityId)),
    );
  },
};
