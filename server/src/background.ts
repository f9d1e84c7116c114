/**
 * Work a call starts but does not wait for: mail whose sending time would tell a caller whether an
 * account exists. A failure is logged, never lost silently; `idle()` lets tests and shutdown wait for it.
 */
export type Background = {
  run: (what: string, task: () => Promise<void>) => void;
  idle: () => Promise<void>;
};

export const createBackground = (): Background => {
  const pending = new Set<Promise<void>>();
  return {
    run: (what, task) => {
      // Started on the next turn of the event loop, after the answer has been written: work started at once
      // would run its synchronous parts (SQLite, the outbox file) before the answer leaves.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => console.error(`Background work failed (${what})`, error))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    idle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
};
