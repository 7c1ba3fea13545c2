import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshDots, registerDotSource } from './dots';

afterEach(() => {
  vi.useRealTimers();
});

describe('notification dots', () => {
  it('asks the sources at most once per 2 s, keeping one trailing refresh', async () => {
    vi.useFakeTimers();
    const source = vi.fn(async () => true);
    const unregister = registerDotSource('/ota', source);
    refreshDots();
    refreshDots();
    refreshDots();
    expect(source).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(source).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(source).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(source).toHaveBeenCalledTimes(2);
    unregister();
  });

  it('starts afresh once the last source is gone: no refresh owed, the next source asked at once', async () => {
    vi.useFakeTimers();
    const first = vi.fn(async () => true);
    const stopFirst = registerDotSource('/ota', first);
    refreshDots();
    refreshDots(); // owes a trailing refresh
    expect(first).toHaveBeenCalledTimes(1);
    stopFirst();
    const second = vi.fn(async () => true);
    const stopSecond = registerDotSource('/device', second);
    refreshDots();
    expect(second).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
    stopSecond();
  });
});
