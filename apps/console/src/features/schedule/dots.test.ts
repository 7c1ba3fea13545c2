import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotifier } from '../../lib/notify';
import { mockApi, ok } from '../../test/render';
import { refreshScheduleDots, scheduleDotSources, tellNotices } from './dots';

// Each test asks afresh (dots asked within a second share one answer).
beforeEach(() => refreshScheduleDots());
afterEach(() => vi.unstubAllGlobals());

const counts = (pending: number, rejected: number, push_failed: number, content_pending = 0) =>
  mockApi({
    'GET /manager/schedule/pending-count': () =>
      ok({
        count: pending + content_pending + rejected + push_failed,
        pending,
        content_pending,
        rejected,
        push_failed,
        notices: [],
      }),
  });

async function shown(sources: ReturnType<typeof scheduleDotSources>) {
  const out: Record<string, boolean> = {};
  for (const [path, source] of sources) out[path] = await source();
  return out;
}

describe('schedule dots', () => {
  it('gives an approver a dot on the approval tab and the menu while schedules wait', async () => {
    const api = counts(2, 0, 0);
    const sources = scheduleDotSources(['schedule:list', 'schedule:audit'], true);
    expect(await shown(sources)).toEqual({
      '/schedule': true,
      '/schedule/live': false,
      '/schedule/audit': true,
    });
    // The dots asked at once share one call.
    expect(api.callsTo('GET /manager/schedule/pending-count')).toHaveLength(1);
  });

  it('gives an approver the same dots while only content waits', async () => {
    counts(0, 0, 0, 1);
    const sources = scheduleDotSources(['schedule:list', 'schedule:audit'], true);
    expect(await shown(sources)).toEqual({
      '/schedule': true,
      '/schedule/live': false,
      '/schedule/audit': true,
    });
  });

  it('tells the creator of a rejected or push-failed schedule on the list and the menu', async () => {
    counts(0, 1, 0);
    const sources = scheduleDotSources(['schedule:list'], true);
    expect(await shown(sources)).toEqual({ '/schedule': true, '/schedule/live': true });
  });

  it('has no approval dot while approval is off, and no dots without the schedule list', () => {
    expect(scheduleDotSources(['schedule:list', 'schedule:audit'], false).map(([path]) => path)).toEqual([
      '/schedule',
      '/schedule/live',
    ]);
    expect(scheduleDotSources(['dashboard:data'], true)).toEqual([]);
  });

  it('tells the creator each notice the server sends once, with the rejection reason', async () => {
    const notices = vi.fn();
    registerNotifier({ open: notices });
    const rejected = {
      schedule_id: 7,
      name: 'Night loop',
      message: 'The schedule was rejected',
      reason: 'Wrong logo',
      updated_at: '2026-05-01T10:00:00.000Z',
    };
    const failed = { ...rejected, schedule_id: 8, name: 'Menu', message: 'Push failed', reason: null };
    await tellNotices([rejected, failed]);
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        title: 'The schedule was rejected',
        description: 'Night loop · Reason: Wrong logo',
      }),
    );
    expect(notices).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', title: 'Push failed', description: 'Menu' }),
    );
    await tellNotices([rejected, failed]);
    expect(notices).toHaveBeenCalledTimes(2);
    // Kept in the browser: a page loaded later does not tell them again.
    expect(JSON.parse(localStorage.getItem('schedule-notices') ?? '[]')).toHaveLength(2);
    // Rejected again later: told again.
    await tellNotices([{ ...rejected, updated_at: '2026-05-02T10:00:00.000Z' }]);
    expect(notices).toHaveBeenCalledTimes(3);
    registerNotifier(null);
  });
});
