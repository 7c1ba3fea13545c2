import { describe, expect, it } from 'vitest';
import { type UploadRow, UploadRows } from './upload-rows';

const NOW = Date.parse('2026-11-27T12:00:00Z');

function row(id: string, overrides: Partial<UploadRow> = {}): UploadRow {
  return {
    id,
    userId: 7,
    expiresAt: new Date(NOW + 24 * 3_600_000),
    parts: [],
    size: 10,
    ...overrides,
  } as UploadRow;
}

describe('upload rows kept for parts', () => {
  it('answers the row to its owner for 30 s, then asks for a fresh read', () => {
    const rows = new UploadRows();
    rows.set(row('a'), NOW);
    expect(rows.get('a', 7, NOW + 29_000)?.id).toBe('a');
    expect(rows.get('a', 8, NOW + 1_000)).toBeUndefined(); // someone else's upload: read (and refused) as before
    rows.set(row('a'), NOW);
    expect(rows.get('a', 7, NOW + 31_000)).toBeUndefined();
    expect(rows.get('a', 7, NOW + 1_000)).toBeUndefined(); // dropped when it went stale
  });

  it('never answers a row that looks expired, nor one forgotten (finished, dropped, swept)', () => {
    const rows = new UploadRows();
    rows.set(row('a', { expiresAt: new Date(NOW + 5_000) }), NOW);
    expect(rows.get('a', 7, NOW + 5_000)).toBeUndefined();
    rows.set(row('b'), NOW);
    rows.forget('b');
    expect(rows.get('b', 7, NOW)).toBeUndefined();
  });

  it('keeps at most 1,000 uploads, the oldest going first', () => {
    const rows = new UploadRows();
    for (let index = 0; index <= 1_000; index++) rows.set(row(`u${index}`), NOW);
    expect(rows.get('u0', 7, NOW)).toBeUndefined();
    expect(rows.get('u1', 7, NOW)?.id).toBe('u1');
    expect(rows.get('u1000', 7, NOW)?.id).toBe('u1000');
  });
});
