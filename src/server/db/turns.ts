// Fair turns for the embedded database (decision 031). PGlite runs every statement synchronously on the event
// loop's thread, and hands the next queued query over in a microtask, so a queue of queries runs to its end
// inside the loop turn that started it. Node 20's libuv accepts one new connection per loop turn: with 50 busy
// connections one turn ran ~50 queries (0.3–0.7 s), and a new visitor waited seconds in the accept queue.
// Here queued work runs back to back only for a few milliseconds; the rest waits for the next turn, which
// first accepts, reads and writes sockets (and runs timers).

/** The real setImmediate, kept before a test could replace the global with a fake clock's. */
const nextTurn = globalThis.setImmediate;

/** How long queued database work may run back to back in one loop turn before the loop gets its turn. */
export const TURN_BUDGET_MS = 4;

export type TurnScheduler = {
  /**
   * Runs `work` when it is its turn: at once when nothing runs and this turn's budget is not spent, else
   * after the work queued before it, first in line in the next turn whose budget is spent. One unit runs at
   * a time (PGlite runs one anyway), so a transaction is one unit however many statements it holds.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
};

export function turnScheduler(budgetMs = TURN_BUDGET_MS): TurnScheduler {
  const queue: Array<() => void> = [];
  let isRunning = false;
  /**
   * When this turn's first unit started; undefined between turns. While it is set, a `nextTurn` callback is
   * pending that clears it (and starts the next unit, if any waits), so the budget is counted per loop turn.
   */
  let turnStartedAt: number | undefined;

  const endTurn = () => {
    turnStartedAt = undefined;
    if (!isRunning && queue.length) startNext();
  };
  const startNext = () => {
    if (turnStartedAt === undefined) {
      turnStartedAt = performance.now();
      nextTurn(endTurn);
    }
    isRunning = true;
    queue.shift()!();
  };
  const canStart = () => turnStartedAt === undefined || performance.now() - turnStartedAt < budgetMs;
  const done = () => {
    isRunning = false;
    // Spent budget: endTurn, pending, starts the next unit in the next turn.
    if (queue.length && canStart()) startNext();
  };

  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          // A unit that throws at once fails like one that rejects, and the next one still gets its turn.
          const result = new Promise<T>((settle) => settle(work()));
          result.then(resolve, reject).finally(done);
        });
        if (!isRunning && queue.length === 1 && canStart()) startNext();
      });
    },
  };
}
