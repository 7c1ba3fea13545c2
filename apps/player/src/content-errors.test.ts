import { describe, expect, it, vi } from 'vitest';
import { ContentErrorReporter, REPORT_EVERY_MS } from './content-errors';
import type { ContentErrorReport } from './render/zone';

const failure = (key: string): ContentErrorReport => ({
  content_id: 7,
  key,
  reason: 'decode',
  message: 'broken',
});

describe('ContentErrorReporter', () => {
  it('reports each item once per ten minutes', () => {
    let now = 0;
    const send = vi.fn((_report: ContentErrorReport) => Promise.resolve());
    const reporter = new ContentErrorReporter(send, () => now);
    reporter.report(failure('i1'));
    reporter.report(failure('i1'));
    reporter.report(failure('i2'));
    expect(send.mock.calls.map(([report]) => report.key)).toEqual(['i1', 'i2']);
    now = REPORT_EVERY_MS - 1;
    reporter.report(failure('i1'));
    expect(send).toHaveBeenCalledTimes(2);
    now = REPORT_EVERY_MS;
    reporter.report(failure('i1'));
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith(failure('i1'));
  });

  it('survives a send that fails', async () => {
    const reporter = new ContentErrorReporter(() => Promise.reject(new TypeError('offline')));
    expect(() => reporter.report(failure('i1'))).not.toThrow();
    await Promise.resolve();
  });
});
