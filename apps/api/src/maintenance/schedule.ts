export interface Schedule<T> {
  runOnce(): Promise<T>;
  start(): void;
  /** Ends the schedule and waits for a pass under way. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs` (0: never), a pass at a time; a failed pass is reported to `onError`
 * and the next one runs on time. Every instance schedules it; the pass itself takes an advisory lock
 * so that of several instances one does the work.
 */
export function createSchedule<T>(opts: { intervalMs: number; run: () => Promise<T>; onError: (err: Error) => void }): Schedule<T> {
  const { intervalMs, run, onError } = opts;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  const schedule = () => {
    // A pending pass never keeps the process alive: stopping is the shutdown's job, not the timer's.
    timer = setTimeout(pass, intervalMs).unref();
  };
  const pass = () => {
    if (stopped) return;
    running = run()
      .catch((err) => onError(err as Error))
      .finally(() => {
        running = null;
        if (!stopped) schedule();
      });
  };

  return {
    runOnce: run,
    start() {
      if (!stopped || intervalMs <= 0) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
