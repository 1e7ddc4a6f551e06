// Load generator, run as its own process so it does not share an event loop with the bench or the
// server: autocannon's API with a JSON config (argv[2]), one JSON line of results on stdout.
//
// Config: { origin, durationSec, warmupSec?, timeoutSec?, groups: [{ name, connections, overallRate?, requests: [...] }] }
// (or connections / overallRate / requests at the top level for a single group). Groups run at the
// same time, each an autocannon instance whose connections cycle through the group's requests.
// A request is { method, path, headers?, body? } or a generated one:
//   { kind: 'signup', productIds, tag }  a sign-up with a unique email, company and names
//   { kind: 'organization', headers, tag } an organization with a unique name
import autocannon from 'autocannon';

const config = JSON.parse(process.argv[2]);
let counter = 0;
const unique = (tag) => `${tag}-${process.pid}-${Date.now().toString(36)}-${++counter}`;

function toAutocannonRequest(r) {
  const origin = { origin: config.origin };
  if (r.kind === 'signup') {
    return {
      method: 'POST',
      path: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json', ...origin },
      setupRequest: (req) => {
        const t = unique(r.tag);
        return {
          ...req,
          body: JSON.stringify({
            firstName: 'Mixed',
            lastName: 'Load',
            email: `${t}@bench.example`,
            password: 'bench-password-1',
            confirmPassword: 'bench-password-1',
            companyName: `Company ${t}`,
            organizationName: `Org ${t}`,
            entityName: `Entity ${t}`,
            country: 'Other',
            selectedProducts: r.productIds,
          }),
        };
      },
    };
  }
  if (r.kind === 'organization') {
    return {
      method: 'POST',
      path: '/api/organizations',
      headers: { 'content-type': 'application/json', ...origin, ...r.headers },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `Org ${unique(r.tag)}` }) }),
    };
  }
  const headers = { ...(r.method && r.method !== 'GET' ? origin : {}), ...r.headers };
  return { method: r.method ?? 'GET', path: r.path, headers, ...(r.body === undefined ? {} : { body: typeof r.body === 'string' ? r.body : JSON.stringify(r.body) }) };
}

function run(opts, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
    instance.on('reqError', () => {});
  });
}

const groups = config.groups ?? [{ name: 'all', connections: config.connections, overallRate: config.overallRate, requests: config.requests }];

// One continuous run: the first warmupSec seconds warm up (JIT, pools, caches) and are not counted,
// so no requests left in flight by a separate warm-up run queue in front of the measured ones.
const warmupMs = (config.warmupSec ?? 0) * 1000;
const windowMs = config.durationSec * 1000;
const newStats = () => ({ latencies: [], statuses: {}, perSecond: [], warmupResponses: 0 });
const all = newStats();
let started = 0;
const record = (st, statusCode, responseTime, t) => {
  if (t < 0) {
    st.warmupResponses++;
    if (statusCode < 200 || statusCode >= 300) st.statuses[`warmup ${statusCode}`] = (st.statuses[`warmup ${statusCode}`] ?? 0) + 1;
    return;
  }
  if (t >= windowMs) return;
  st.latencies.push(responseTime);
  st.statuses[statusCode] = (st.statuses[statusCode] ?? 0) + 1;
  const s = Math.floor(t / 1000);
  st.perSecond[s] = (st.perSecond[s] ?? 0) + 1;
};

const fullSeconds = Math.floor(config.durationSec);
function summarize(st) {
  const latencies = st.latencies.sort((a, b) => a - b);
  const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : null);
  const seconds = Array.from({ length: fullSeconds }, (_, i) => st.perSecond[i] ?? 0);
  const completed = latencies.length;
  const bad = Object.entries(st.statuses).filter(([code]) => /^\d+$/.test(code) && (Number(code) < 200 || Number(code) >= 300)).reduce((n, [, k]) => n + k, 0);
  return {
    completed,
    ok: completed - bad,
    rps: completed / config.durationSec,
    okRps: (completed - bad) / config.durationSec,
    warmupResponses: st.warmupResponses,
    statuses: st.statuses,
    latency: { p50: pct(50), p90: pct(90), p95: pct(95), p99: pct(99), max: latencies.at(-1) ?? null, mean: completed ? latencies.reduce((s, x) => s + x, 0) / completed : null },
    perSecond: seconds,
    minPerSecond: seconds.length ? Math.min(...seconds) : 0,
  };
}

const perGroup = groups.map(() => newStats());
started = performance.now();
const results = await Promise.all(
  groups.map((g, i) =>
    run(
      {
        url: config.origin,
        connections: g.connections,
        timeout: config.timeoutSec ?? 20,
        requests: g.requests.map(toAutocannonRequest),
        duration: (config.warmupSec ?? 0) + config.durationSec,
        ...(g.overallRate ? { overallRate: g.overallRate } : {}),
      },
      (_client, statusCode, _bytes, responseTime) => {
        const t = performance.now() - started - warmupMs;
        record(all, statusCode, responseTime, t);
        record(perGroup[i], statusCode, responseTime, t);
      },
    ),
  ),
);
const elapsedSec = (performance.now() - started) / 1000;
const sum = (f) => results.reduce((n, r) => n + f(r), 0);
const total = summarize(all);

process.stdout.write(
  `${JSON.stringify({
    durationSec: config.durationSec,
    warmupSec: config.warmupSec ?? 0,
    elapsedSec,
    connections: groups.reduce((n, g) => n + g.connections, 0),
    ...total,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    autocannonLatencyMax: Math.max(...results.map((r) => r.latency.max)),
    groups: groups.length > 1 ? Object.fromEntries(groups.map((g, i) => [g.name, { connections: g.connections, ...summarize(perGroup[i]) }])) : undefined,
  })}\n`,
);
