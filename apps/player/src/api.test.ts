import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledge, CallRefused, poll, uploadPlaybacks } from './api';

const TOKEN = 'device-token-0123456789abcdef';
const POLL = {
  state: { signage_id: 'AB3K9Q' },
  commands: [{ command_id: 7, command: { action: 'identify' } }],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const envelope = (code: number, data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code, msg: code === 220000 ? 'ok' : 'refused', data }), { headers });

describe('poll', () => {
  it('sends the token and the last ETag, and answers the data with the new ETag', async () => {
    fetchMock.mockResolvedValueOnce(envelope(220000, POLL, { etag: '"v2"' }));
    const answer = await poll(TOKEN, '"v1"');
    expect(answer).toEqual({ poll: POLL, etag: '"v2"' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/backend/player/poll');
    expect(init.headers).toEqual({ authorization: `Bearer ${TOKEN}`, 'if-none-match': '"v1"' });
  });

  it('answers null for 304: nothing changed', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 304 }));
    expect(await poll(TOKEN, '"v1"')).toBeNull();
  });

  it('sends no If-None-Match on the first poll', async () => {
    fetchMock.mockResolvedValueOnce(envelope(220000, POLL));
    await poll(TOKEN, null);
    expect(fetchMock.mock.calls[0][1].headers).toEqual({ authorization: `Bearer ${TOKEN}` });
  });

  it('throws CallRefused that says the token is refused for 600003', async () => {
    fetchMock.mockResolvedValueOnce(envelope(600003, null));
    const error = await poll(TOKEN, null).catch((caught) => caught);
    expect(error).toBeInstanceOf(CallRefused);
    expect(error.tokenRefused).toBe(true);
  });

  it('keeps the token when the server is busy or broken', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await poll(TOKEN, null).catch((caught) => caught);
    expect(error).toBeInstanceOf(CallRefused);
    expect(error.tokenRefused).toBe(false);
  });
});

describe('acknowledge', () => {
  it('posts the result with the token', async () => {
    fetchMock.mockResolvedValueOnce(envelope(220000, null));
    await acknowledge(TOKEN, { command_id: 7, ok: false, result: 'no camera' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/backend/player/ack');
    expect(init.method).toBe('POST');
    expect(init.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(init.body)).toEqual({ command_id: 7, ok: false, result: 'no camera' });
  });
});

describe('uploadPlaybacks', () => {
  const playback = {
    uuid: '0b7c1e9e-3f5a-4c1d-9a57-2f8e4b6d1a90',
    content_id: 7,
    schedule_id: null,
    started_at: '2026-05-10T10:00:00.000Z',
    duration_ms: 10_000,
  };

  it('posts the batch with the token and answers the UUIDs accepted', async () => {
    fetchMock.mockResolvedValueOnce(envelope(220000, { accepted: [playback.uuid] }));
    expect(await uploadPlaybacks(TOKEN, [playback])).toEqual([playback.uuid]);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/backend/player/playbacks');
    expect(init.method).toBe('POST');
    expect(init.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(init.body)).toEqual({ playbacks: [playback] });
  });

  it('throws when the server refuses or cannot be reached, so the batch stays', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(uploadPlaybacks(TOKEN, [playback])).rejects.toBeInstanceOf(CallRefused);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(uploadPlaybacks(TOKEN, [playback])).rejects.toBeInstanceOf(TypeError);
  });
});
