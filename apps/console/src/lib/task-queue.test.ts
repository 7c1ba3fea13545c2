import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTaskQueue } from './task-queue';
import { createVersionCheck } from './version-check';

afterEach(() => {
  vi.useRealTimers();
});

describe('background task queue', () => {
  it('ticks every second and runs each task every N ticks', async () => {
    vi.useFakeTimers();
    const queue = createTaskQueue();
    const short = vi.fn();
    const long = vi.fn();
    queue.every(30, short);
    queue.every(300, long);
    queue.start();
    await vi.advanceTimersByTimeAsync(29_000);
    expect(short).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(short).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(270_000);
    expect(short).toHaveBeenCalledTimes(10);
    expect(long).toHaveBeenCalledTimes(1);
    queue.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(short).toHaveBeenCalledTimes(10);
  });

  it('skips a task whose previous run is still going, and stops a removed one', async () => {
    const queue = createTaskQueue();
    let release: () => void = () => {};
    const slow = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const remove = queue.every(1, slow);
    queue.tick();
    await Promise.resolve();
    queue.tick();
    await Promise.resolve();
    expect(slow).toHaveBeenCalledTimes(1);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    queue.tick();
    await Promise.resolve();
    expect(slow).toHaveBeenCalledTimes(2);
    remove();
    queue.tick();
    await Promise.resolve();
    expect(slow).toHaveBeenCalledTimes(2);
  });
});

describe('version check', () => {
  it('reloads only when the deployed stamp differs from the one read first', async () => {
    const stamps = [100, 100, null, 200];
    const reload = vi.fn();
    const check = createVersionCheck(async () => stamps.shift() ?? null, reload);
    await check();
    await check();
    await check();
    expect(reload).not.toHaveBeenCalled();
    await check();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
