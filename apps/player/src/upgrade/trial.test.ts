/**
 * The frame on trial is not loaded: the tests speak for it.
 * @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onTrial, runTrial } from './trial';

/** Posts `data` as if the frame on trial sent it. */
function fromFrame(data: unknown, source = document.querySelector('iframe')?.contentWindow ?? null) {
  dispatchEvent(new MessageEvent('message', { data, source, origin: location.origin }));
}

describe('runTrial', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the build hidden and resolves when it says it is healthy, removing the frame', async () => {
    const trial = runTrial('/player/v/1.22.0/index.html?trial=1', '1.22.0', 60, new AbortController().signal);
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/player/v/1.22.0/index.html?trial=1');
    expect(frame?.style.opacity).toBe('0');
    // Another version's word, or another window's, does not count.
    fromFrame({ type: 'vitrine-healthy', version: '1.23.0' });
    fromFrame({ type: 'vitrine-healthy', version: '1.22.0' }, window);
    expect(document.querySelector('iframe')).not.toBeNull();
    fromFrame({ type: 'vitrine-healthy', version: '1.22.0' });
    await expect(trial).resolves.toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('gives up a build that is not healthy in time', async () => {
    vi.useFakeTimers();
    const trial = runTrial('/player/v/1.23.0/index.html?trial=1', '1.23.0', 60, new AbortController().signal);
    vi.advanceTimersByTime(60_000);
    await expect(trial).rejects.toThrow('Version 1.23.0 did not come up healthy within 60 s.');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('stops when the upgrade is withdrawn', async () => {
    const abort = new AbortController();
    const trial = runTrial('/player/v/1.22.0/index.html?trial=1', '1.22.0', 60, abort.signal);
    abort.abort();
    await expect(trial).rejects.toThrow('The upgrade was withdrawn.');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('onTrial', () => {
  it('is a framed page launched with ?trial=1', () => {
    expect(onTrial('?trial=1', true)).toBe(true);
    expect(onTrial('?trial=1', false)).toBe(false);
    expect(onTrial('?model=x', true)).toBe(false);
  });
});
