import type { Logger } from 'pino';

/**
 * A server job's loop: `round` every `intervalMs` (rounds never overlap; the next is timed from
 * the end of the last), the first after `firstDelayMs` so start-up does not wait for it. A failed
 * round is logged and the loop goes on. Timers are unref'd: they keep no process alive. Returns a
 * stop function that waits for the round in flight.
 */
export function runPeriodically(log: Logger, failure: string, intervalMs: number, round: () => Promise<void>, firstDelayMs = 10_000) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const next = (delay: number) => {
    timer = setTimeout(() => (current = run()), delay);
    timer.unref();
  };
  const run = async () => {
    try {
      await round();
    } catch (err) {
      log.error({ err }, failure);
    }
    if (!stopped) next(intervalMs);
  };
  next(firstDelayMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
