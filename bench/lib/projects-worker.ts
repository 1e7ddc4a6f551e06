// The Projects figures' client, in its own process (not sharing an event loop with the bench or the
// server). One JSON config on argv[2], one JSON line of results on stdout. Two modes:
//
//   moves:  card moves through the API (POST /api/projects/tasks/:id/move, the board's request),
//           sent open-loop at `rate` per second (a slow answer does not delay the next send) for
//           warm-up + measured seconds; each move names its own card and neighbours, so it cannot be
//           an autocannon run of fixed requests. Latency of each measured move; every non-2xx and
//           network error is counted (the bench fails on any).
//   fanout: opens `connections` SSE streams (GET /api/projects/events?projectId=…, cookies round-
//           robin), waits for `ready` on all, then makes the moves itself, one every `intervalMs`,
//           and records for each stream and move the delay from the move request's send time to the
//           `task` event's arrival: one process, one clock (performance.now()).

export interface Move {
  id: string;
  body: { status: string; afterId: string | null; beforeId: string | null };
}

export type WorkerConfig =
  | { mode: 'moves'; origin: string; cookie: string; moves: Move[]; rate: number; warmupSec: number; durationSec: number }
  | { mode: 'fanout'; origin: string; moverCookie: string; cookies: string[]; projectId: string; connections: number; moves: Move[]; intervalMs: number; waitMs: number };

const config = JSON.parse(process.argv[2]!) as WorkerConfig;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function sendMove(cookie: string, m: Move) {
  // fetch's global dispatcher keeps connections alive and has no per-origin connection cap.
  const res = await fetch(`${config.origin}/api/projects/tasks/${m.id}/move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: config.origin, cookie },
    body: JSON.stringify(m.body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, text: await res.text() };
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null);
const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1) ?? null, mean: s.length ? s.reduce((a, b) => a + b, 0) / s.length : null };
};

async function moves(c: Extract<WorkerConfig, { mode: 'moves' }>) {
  const total = Math.round((c.warmupSec + c.durationSec) * c.rate);
  const warmup = Math.round(c.warmupSec * c.rate);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / c.rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const m = c.moves[i % c.moves.length]!;
    const sent = performance.now();
    inFlight.push(
      sendMove(c.cookie, m).then(
        ({ status, text }) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          if (status < 200 || status > 299) failures.push(`${status} ${text.slice(0, 200)}`);
          else if (i >= warmup) latencies.push(performance.now() - sent);
        },
        (e: Error) => {
          statuses.error = (statuses.error ?? 0) + 1;
          failures.push(e.message);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsedSec = (performance.now() - start) / 1000;
  return { sent: total, measured: total - warmup, rate: c.rate, elapsedSec, statuses, failures: failures.slice(0, 5), failed: failures.length, latency: summary(latencies) };
}

/** One SSE stream: resolves `ready` on the `ready` event and calls `onTask` with each `task` event's payload. */
async function openStream(c: Extract<WorkerConfig, { mode: 'fanout' }>, cookie: string, onReady: () => void, onTask: (data: { kind: string; task: { id: string } }) => void, signal: AbortSignal) {
  const res = await fetch(`${c.origin}/api/projects/events?projectId=${c.projectId}`, { headers: { cookie, accept: 'text/event-stream' }, signal });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status} ${(await res.text()).slice(0, 200)}`);
  let buffer = '';
  try {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        }
        if (event === 'ready') onReady();
        else if (event === 'task') onTask(JSON.parse(data));
      }
    }
  } catch (e) {
    if (!signal.aborted) throw e;
  }
}

async function fanout(c: Extract<WorkerConfig, { mode: 'fanout' }>) {
  const sentAt = new Map<string, number>();
  // arrivals[connection][task id] = ms from the move's send to the event's arrival
  const arrivals = Array.from({ length: c.connections }, () => new Map<string, number>());
  let ready = 0;
  let allReady: () => void = () => {};
  const readyPromise = new Promise<void>((r) => (allReady = r));
  const abort = new AbortController();
  const streamErrors: string[] = [];
  const openStart = performance.now();
  const streams = arrivals.map((got, i) =>
    openStream(
      c,
      c.cookies[i % c.cookies.length]!,
      () => {
        if (++ready === c.connections) allReady();
      },
      (data) => {
        const at = performance.now();
        const sent = sentAt.get(data.task.id);
        if (data.kind === 'moved' && sent !== undefined && !got.has(data.task.id)) got.set(data.task.id, at - sent);
      },
      abort.signal,
    ).catch((e: Error) => {
      streamErrors.push(e.message);
      allReady(); // fail fast below
    }),
  );
  await Promise.race([readyPromise, sleep(60_000)]);
  const readyMs = performance.now() - openStart;
  if (ready !== c.connections) {
    abort.abort();
    throw new Error(`only ${ready} of ${c.connections} streams ready after ${Math.round(readyMs)} ms: ${streamErrors.slice(0, 3).join('; ')}`);
  }
  const moveStatuses: Record<string, number> = {};
  const moveLatencies: number[] = [];
  const pending: Promise<void>[] = [];
  for (const m of c.moves) {
    const t0 = performance.now();
    sentAt.set(m.id, t0);
    pending.push(
      sendMove(c.moverCookie, m).then(({ status, text }) => {
        moveStatuses[status] = (moveStatuses[status] ?? 0) + 1;
        if (status < 200 || status > 299) throw new Error(`move ${m.id}: ${status} ${text.slice(0, 200)}`);
        moveLatencies.push(performance.now() - t0);
      }),
    );
    await sleep(c.intervalMs);
  }
  await Promise.all(pending);
  // Wait for the last events (or give up after waitMs: what is missing is reported).
  const expected = c.connections * c.moves.length;
  const deadline = performance.now() + c.waitMs;
  const got = () => arrivals.reduce((s, a) => s + a.size, 0);
  while (got() < expected && performance.now() < deadline) await sleep(50);
  abort.abort();
  await Promise.allSettled(streams);
  const delays = arrivals.flatMap((a) => [...a.values()]);
  const incomplete = arrivals.filter((a) => a.size < c.moves.length).length;
  return {
    connections: c.connections,
    users: c.cookies.length,
    moves: c.moves.length,
    intervalMs: c.intervalMs,
    readyMs: Math.round(readyMs),
    expected,
    received: delays.length,
    connectionsMissingEvents: incomplete,
    streamErrors: streamErrors.slice(0, 5),
    moveStatuses,
    move: summary(moveLatencies),
    delay: summary(delays),
  };
}

const result = config.mode === 'moves' ? await moves(config) : await fanout(config);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
