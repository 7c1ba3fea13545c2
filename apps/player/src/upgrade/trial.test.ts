/**
 * The frame on trial is not loaded: the tests speak for it.
 * @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failTrialOnError, markStarted, onTrial, runTrial } from './trial';

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
    await expect(trial).rejects.toMatchObject({
      code: 'not_healthy',
      params: { version: '1.23.0', seconds: 60 },
      message: 'Version 1.23.0 did not come up healthy within 60 s.',
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('gives up at once a build whose page loaded but ran no player', async () => {
    const trial = runTrial('/player/v/1.23.0/index.html?trial=1', '1.23.0', 60, new AbortController().signal);
    const frame = document.querySelector('iframe')!;
    frame.contentDocument!.documentElement.removeAttribute('data-vitrine-started');
    frame.dispatchEvent(new Event('load'));
    await expect(trial).rejects.toMatchObject({
      code: 'not_started',
      params: { version: '1.23.0' },
      message: 'Version 1.23.0 did not start: its page ran no player.',
    });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('waits for a build that started, and gives it up at once when it says it threw', async () => {
    const trial = runTrial('/player/v/1.23.0/index.html?trial=1', '1.23.0', 60, new AbortController().signal);
    const frame = document.querySelector('iframe')!;
    frame.contentDocument!.documentElement.dataset.vitrineStarted = '1.23.0';
    frame.dispatchEvent(new Event('load'));
    expect(document.querySelector('iframe')).not.toBeNull();
    fromFrame({ type: 'vitrine-failed', version: '1.23.0', error: 'boom' });
    await expect(trial).rejects.toMatchObject({
      code: 'threw',
      params: { version: '1.23.0', error: 'boom' },
      message: 'Version 1.23.0 failed while starting: boom',
    });
  });

  it('stops when the upgrade is withdrawn', async () => {
    const abort = new AbortController();
    const trial = runTrial('/player/v/1.22.0/index.html?trial=1', '1.22.0', 60, abort.signal);
    abort.abort();
    await expect(trial).rejects.toThrow('The upgrade was withdrawn.');
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('the build on trial', () => {
  it('marks its page as started', () => {
    markStarted('1.22.0');
    expect(document.documentElement.dataset.vitrineStarted).toBe('1.22.0');
  });

  it('tells its parent of the first error before it is healthy, and none after', () => {
    const told = vi.spyOn(window.parent, 'postMessage');
    let healthy = false;
    failTrialOnError('1.22.0', () => healthy);
    dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    dispatchEvent(new ErrorEvent('error', { message: 'again' }));
    expect(told).toHaveBeenCalledTimes(1);
    expect(told.mock.calls[0][0]).toEqual({
      type: 'vitrine-failed',
      version: '1.22.0',
      error: 'boom',
    });
    told.mockClear();
    healthy = true;
    failTrialOnError('1.22.0', () => healthy);
    dispatchEvent(new ErrorEvent('error', { message: 'late' }));
    expect(told).not.toHaveBeenCalled();
    told.mockRestore();
  });
});

describe('onTrial', () => {
  it('is a framed page launched with ?trial=1', () => {
    expect(onTrial('?trial=1', true)).toBe(true);
    expect(onTrial('?trial=1', false)).toBe(false);
    expect(onTrial('?model=x', true)).toBe(false);
  });
});
