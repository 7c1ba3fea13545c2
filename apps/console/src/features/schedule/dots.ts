import { SCHEDULE_NOTICE_LIMIT, type ScheduleNotice, type SchedulePendingCount } from '@vitrine/contract';
import { useEffect } from 'react';
import { type DotSource, refreshDots, registerDotSource } from '../../app/layout/dots';
import { i18n } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { hasPermission } from '../../lib/permissions';
import { STORAGE_KEYS, useSession } from '../../lib/session';
import { fetchPendingCount } from './api';
import { SCHEDULE_PATHS } from './labels';

// The schedule dots (spec 000 §2 "Shell"), so approvers see what waits for them and "Push failed"
// and "the schedule was rejected" reach the user: the approval tab while schedules wait for the
// caller's approval, the schedule list while the caller's own schedules were rejected or failed to
// reach a device, and the schedule menu entry for either. The shell throttles refreshes (one per
// 2 s); the dots share one pending-count call per refresh.
const MODULE_PATH = '/schedule';
/** One answer serves every dot asked within this time. */
const SHARE_MS = 1000;

let last: { at: number; counts: Promise<SchedulePendingCount> } | null = null;

/**
 * The notices already shown, kept in this browser until signing out: each once, until its schedule
 * changes again, not again at every page load. The server sends at most SCHEDULE_NOTICE_LIMIT, so
 * keeping the last few times that many is enough.
 */
const KEPT = SCHEDULE_NOTICE_LIMIT * 5;
const noticeKey = (notice: ScheduleNotice) => `${notice.schedule_id}:${notice.updated_at}:${notice.message}`;

function toldKeys(): string[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.scheduleNotices) ?? '[]');
    return Array.isArray(kept) ? kept.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Tells the creator what the server says of an own schedule ("The schedule was rejected" with the
 * reason, "Push failed"), each notice once.
 */
export async function tellNotices(notices: readonly ScheduleNotice[]): Promise<void> {
  const told = toldKeys();
  const fresh = notices.filter((notice) => !told.includes(noticeKey(notice)));
  if (fresh.length === 0) return;
  const keep = [...told, ...fresh.map(noticeKey)].slice(-KEPT);
  localStorage.setItem(STORAGE_KEYS.scheduleNotices, JSON.stringify(keep));
  // The reason's words are the schedule pages', which may not be loaded yet.
  await i18n.loadNamespaces('schedule');
  for (const notice of fresh) {
    const reason = notice.reason ? i18n.t('schedule:rejectReason', { reason: notice.reason }) : null;
    notify({
      type: 'error',
      title: notice.message,
      description: reason ? `${notice.name} · ${reason}` : notice.name,
    });
  }
}

function counts(): Promise<SchedulePendingCount> {
  const now = Date.now();
  if (!last || now - last.at > SHARE_MS) {
    const asked = fetchPendingCount();
    asked.then(
      (answer) => tellNotices(answer.notices),
      () => {},
    );
    last = { at: now, counts: asked };
  }
  return last.counts;
}

/** Asks the counts again at the next refresh (after an approval, a rejection or a resubmission). */
export function refreshScheduleDots(): void {
  last = null;
  refreshDots();
}

/** Which dots a user may see: the approval tab needs schedule:audit and approval on. */
export function scheduleDotSources(
  permissions: readonly string[],
  needConfirm: boolean,
): Array<[string, DotSource]> {
  if (!hasPermission(permissions, 'schedule:list')) return [];
  const approver = needConfirm && hasPermission(permissions, 'schedule:audit');
  const own = async () => {
    const { rejected, push_failed } = await counts();
    return rejected + push_failed > 0;
  };
  const waiting = async () => {
    const { pending, content_pending } = await counts();
    return pending + content_pending > 0;
  };
  const sources: Array<[string, DotSource]> = [
    [MODULE_PATH, async () => (approver && (await waiting())) || own()],
    [SCHEDULE_PATHS.live, own],
  ];
  if (approver) sources.push([SCHEDULE_PATHS.audit, waiting]);
  return sources;
}

/** Registers the schedule dot sources while the signed-in shell shows (AppLayout). */
export function useScheduleDots(): void {
  const { permissions, config, token } = useSession();
  const needConfirm = config?.schedule_config.need_confirm ?? false;
  const key = `${token ? 1 : 0}:${needConfirm}:${permissions.join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the session parts read.
  useEffect(() => {
    if (!token) return;
    const stops = scheduleDotSources(permissions, needConfirm).map(([path, source]) =>
      registerDotSource(path, source),
    );
    last = null;
    refreshDots();
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}
