import { holidayOperations, scheduleOperations, stickerOperations } from '@vitrine/contract';
import { afterEach, expect, it, vi } from 'vitest';
import { call, pathOf } from './call';

afterEach(() => vi.unstubAllGlobals());

it('fills the path parameters, encoded, below the API base', () => {
  expect(pathOf(holidayOperations.update, { id: 7 })).toBe('/manager/holiday/7');
  expect(pathOf(scheduleOperations.audits, { id: 'a/b' })).toBe('/manager/schedule/a%2Fb/audits');
  expect(() => pathOf(holidayOperations.delete)).toThrow(':id');
});

it("sends the operation's method, path, query and body, and answers the envelope's data", async () => {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ code: 220000, msg: '', data: { id: 3, name: 'May Day' } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);

  const saved = await call(holidayOperations.update, {
    params: { id: 3 },
    body: { name: 'May Day', date: '2026-05-01' },
  });
  expect(saved).toEqual({ id: 3, name: 'May Day' });
  expect(fetch.mock.calls[0][0]).toBe('/backend/manager/holiday/3');
  expect(fetch.mock.calls[0][1]).toMatchObject({
    method: 'PUT',
    body: '{"name":"May Day","date":"2026-05-01"}',
  });

  await call(holidayOperations.list, { query: { year: 2026, page: 2 } });
  expect(fetch.mock.calls[1][0]).toBe('/backend/manager/holiday?year=2026&page=2');
  expect(fetch.mock.calls[1][1]).toMatchObject({ method: 'GET', body: undefined });

  const file = new Blob(['GIF89a'], { type: 'image/gif' });
  await call(stickerOperations.upload, { query: { name: 'a.gif' } }, { bytes: file });
  expect(fetch.mock.calls[2][0]).toBe('/backend/manager/sticker?name=a.gif');
  expect(fetch.mock.calls[2][1]).toMatchObject({ method: 'POST', body: file });
});
