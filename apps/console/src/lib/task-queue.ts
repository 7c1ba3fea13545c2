import { TASK_TICK_MS } from '@vitrine/contract';

// The console's background clock (spec 000 §9): one tick a second; a task runs every N ticks.
// A task still running when its turn comes again is skipped rather than stacked.
export type Task = () => void | Promise<void>;
export type TaskQueue = {
  every: (ticks: number, task: Task) => () => void;
  tick: () => void;
  start: () => void;
  stop: () => void;
};

export function createTaskQueue(tickMs = TASK_TICK_MS): TaskQueue {
  const tasks = new Set<{ ticks: number; task: Task; running: boolean }>();
  let count = 0;
  let timer: ReturnType<typeof setInterval> | undefined;

  function tick() {
    count += 1;
    for (const entry of tasks) {
      if (count % entry.ticks !== 0 || entry.running) continue;
      entry.running = true;
      Promise.resolve()
        .then(entry.task)
        .catch(() => {})
        .finally(() => {
          entry.running = false;
        });
    }
  }

  return {
    every(ticks, task) {
      const entry = { ticks, task, running: false };
      tasks.add(entry);
      return () => tasks.delete(entry);
    },
    tick,
    start() {
      timer ??= setInterval(tick, tickMs);
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}

export const taskQueue = createTaskQueue();
