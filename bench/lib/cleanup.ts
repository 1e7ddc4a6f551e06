/**
 * Everything the benchmark creates (child processes, databases, temp folders) registers an undo
 * step here; the steps run in reverse order on success, failure, Ctrl-C and the global deadline.
 */
type Step = { name: string; run: () => Promise<void> | void };

const steps: Step[] = [];
let running: Promise<void> | null = null;

/** Registers an undo step; returns a function that runs it now (once) and unregisters it. */
export function onCleanup(name: string, run: Step['run']): () => Promise<void> {
  const step: Step = { name, run };
  steps.push(step);
  return async () => {
    const i = steps.indexOf(step);
    if (i === -1) return;
    steps.splice(i, 1);
    await runStep(step);
  };
}

async function runStep(step: Step) {
  try {
    await withTimeout(Promise.resolve().then(step.run), 20_000, `cleanup ${step.name}`);
  } catch (e) {
    process.stderr.write(`[bench] cleanup "${step.name}" failed: ${(e as Error).message}\n`);
  }
}

/** Runs every registered step, newest first. Safe to call more than once. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    while (steps.length) await runStep(steps.pop()!);
  })();
  return running;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Ctrl-C, SIGTERM and the global deadline all end in the same cleanup. */
export function installExitHandlers(deadlineMs: number) {
  const bail = (why: string, code: number) => {
    process.stderr.write(`\n[bench] ${why}: cleaning up\n`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => bail('interrupted', 130));
  process.once('SIGTERM', () => bail('terminated', 143));
  const deadline = setTimeout(() => bail(`global deadline of ${Math.round(deadlineMs / 1000)} s reached`, 124), deadlineMs);
  deadline.unref();
}
