/**
 * An in-process gate: at most `concurrency` tasks run at once, at most `maxWaiting` more wait their
 * turn (first come, first served); a task offered past that is not run at all, so a burst can neither
 * take every core nor pile up work (and its memory) without bound. One gate per kind of heavy work.
 */
export type Gate = {
  /** Runs `task` when its turn comes: `{ran: true, value}`, or `{ran: false}` at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number };
};

export function createGate(concurrency: number, maxWaiting: number): Gate {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (running < concurrency) running++;
      else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
      else return { ran: false };
      try {
        return { ran: true, value: await task() };
      } finally {
        // The finished task's place goes to the next in line, or is freed.
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
