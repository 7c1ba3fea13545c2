import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntervalCapture, uploadScreenshot } from './screenshot';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(body: object, status = 200) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('uploadScreenshot', () => {
  it('posts the captured image with the device token', async () => {
    const fetch = stubFetch({ code: 220000, msg: 'Success', data: null });
    const capture = vi.fn(async (type: string) => new Blob(['png'], { type }));
    expect(await uploadScreenshot(4, 'device-token', capture)).toBe('image/png 3 bytes');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/backend/player/screenshot?command_id=4');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ authorization: 'Bearer device-token', 'content-type': 'image/png' });
  });

  it('posts one the screen took by itself without a command', async () => {
    const fetch = stubFetch({ code: 220000, msg: 'Success', data: null });
    await uploadScreenshot(null, 'device-token', async (type) => new Blob(['png'], { type }));
    expect(fetch.mock.calls[0][0]).toBe('/backend/player/screenshot');
  });

  it('sends a JPEG instead of a PNG over 4 MB', async () => {
    stubFetch({ code: 220000, msg: 'Success', data: null });
    const capture = vi.fn(async (type: string) =>
      type === 'image/png'
        ? new Blob([new Uint8Array(5 * 1024 * 1024)], { type })
        : new Blob(['jpg'], { type }),
    );
    expect(await uploadScreenshot(4, 'device-token', capture)).toBe('image/jpeg 3 bytes');
  });

  it('throws the server’s message when refused', async () => {
    stubFetch({ code: 404001, msg: 'The requested item could not be found.', data: null }, 404);
    await expect(
      uploadScreenshot(4, 'device-token', async (type) => new Blob(['png'], { type })),
    ).rejects.toThrow('The requested item could not be found.');
  });
});

describe('IntervalCapture', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes a screenshot every interval, follows a new one and stops at 0', async () => {
    vi.useFakeTimers();
    const take = vi.fn(async () => {
      throw new Error('offline');
    });
    const capture = new IntervalCapture(take);
    capture.update(15);
    vi.advanceTimersByTime(15 * 60_000 - 1);
    expect(take).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // A failed one waits for the next turn.
    vi.advanceTimersByTime(15 * 60_000);
    expect(take).toHaveBeenCalledTimes(2);
    // The same interval again (every state carries it) does not start the count anew.
    vi.advanceTimersByTime(10 * 60_000);
    capture.update(15);
    vi.advanceTimersByTime(5 * 60_000);
    expect(take).toHaveBeenCalledTimes(3);
    capture.update(5);
    vi.advanceTimersByTime(5 * 60_000);
    expect(take).toHaveBeenCalledTimes(4);
    capture.update(0);
    vi.advanceTimersByTime(60 * 60_000);
    expect(take).toHaveBeenCalledTimes(4);
  });
});
