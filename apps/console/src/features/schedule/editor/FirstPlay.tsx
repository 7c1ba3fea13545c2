import { firstPlayAt, localClock } from '@vitrine/contract';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { useHolidayDates } from '../api';
import type { Draft } from './draft';

/** When a draft first plays: now, at a floating local 'YYYY-MM-DDTHH:mm', or never. */
export type FirstPlay = { kind: 'now' } | { kind: 'later'; at: string } | { kind: 'never' };

/** When the draft's frames first play from `nowMs` on, in the browser's wall clock, skipping `holidays`. */
export function firstPlayOf(
  draft: Pick<Draft, 'start_date' | 'end_date' | 'frames' | 'exclude_holidays'>,
  nowMs: number,
  holidays: ReadonlySet<string>,
): FirstPlay {
  const clock = localClock(nowMs, Intl.DateTimeFormat().resolvedOptions().timeZone);
  const at = firstPlayAt(
    {
      id: 0,
      type: 'standard',
      priority: 0,
      start_date: draft.start_date,
      end_date: draft.end_date,
      frames: draft.frames,
      spot: null,
      exclude_holidays: draft.exclude_holidays,
      approved_at: '',
    },
    clock,
    holidays,
  );
  if (at === null) return { kind: 'never' };
  if (at <= clock.floating) return { kind: 'now' };
  return { kind: 'later', at: new Date(at).toISOString().slice(0, 16) };
}

/**
 * The line that says when the schedule first plays (the screens' clock taken as this browser's):
 * "plays now", the first moment, or that it never plays (a warning). Nothing while it has no frames.
 */
export function FirstPlayLine({ draft }: { draft: Draft }) {
  const { t } = useTranslation('schedule-editor');
  const format = useDateTime();
  // Read once: the line does not tick, the editor is left within minutes.
  const [now] = useState(() => Date.now());
  const year = dayjs(now).year();
  const holidays = useHolidayDates(useMemo(() => [year, year + 1], [year]));
  const first = useMemo(() => firstPlayOf(draft, now, holidays), [draft, now, holidays]);
  if (draft.frames.length === 0) return null;
  return (
    <Typography.Text
      data-testid="schedule-first-play"
      type={first.kind === 'never' ? 'warning' : first.kind === 'now' ? 'success' : undefined}
      strong
    >
      {first.kind === 'now'
        ? t('time.playsNow')
        : first.kind === 'later'
          ? t('time.firstPlays', { when: leftToRight(format(first.at)) })
          : t('time.neverPlays')}
    </Typography.Text>
  );
}
