import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SCHEDULE_FRAME_LIMIT,
  SCHEDULE_PRIORITY_MAX,
  SCHEDULE_PRIORITY_MIN,
  type ScheduleFrame,
} from '@vitrine/contract';
import { Alert, Button, DatePicker, Flex, Form, Skeleton, Slider, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Draft, datesProblem } from '../draft';
import { HolidaysField } from '../EditorParts';
import { FirstPlayLine } from '../FirstPlay';
import type { BackgroundSpan } from '../FrameCalendar';
import { FrameDialog, useDescribeFrame } from '../FrameDialog';
import { occurrences } from '../frames';
import { today } from '../shared';
import { useConflicts } from '../use-conflicts';

const FrameCalendar = lazy(() => import('../FrameCalendar'));

type Props = {
  draft: Draft;
  ownId: number;
  onChange: (patch: Partial<Draft>) => void;
};

/** A new schedule's first frame: all day, every day, so that it plays as soon as it is approved. */
export const FIRST_FRAME: ScheduleFrame = { start: '00:00', end: '24:00', rrule: 'FREQ=DAILY' };

/** A frame added to the ones there: working hours on weekdays. */
export const DEFAULT_FRAME: ScheduleFrame = {
  start: '09:00',
  end: '18:00',
  rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
};

/**
 * Step 5: the date range, the frames drawn on the calendar (week and month views; drag to create,
 * drag or resize to change, click to set how it repeats), priority, holidays, and the hint of
 * other approved schedules on these devices that overlap.
 */
export function TimeStep({ draft, ownId, onChange }: Props) {
  const { t } = useTranslation(['schedule-editor', 'contract']);
  const describe = useDescribeFrame();
  const [editing, setEditing] = useState<number | null>(null);
  const [view, setView] = useState<{ from: string; to: string } | null>(null);
  const { conflicts, others } = useConflicts(draft, ownId);
  const frames = draft.frames;
  const limit = frames.length >= SCHEDULE_FRAME_LIMIT;
  const datesError = datesProblem(draft, today());

  const setFrames = (next: ScheduleFrame[]) => onChange({ frames: next });
  const create = (frame: ScheduleFrame) => {
    if (limit) return;
    setFrames([...frames, frame]);
    setEditing(frames.length);
  };
  const label = useCallback((frame: ScheduleFrame) => describe(frame), [describe]);
  const onView = useCallback((from: string, to: string) => {
    setView((current) => (current?.from === from && current.to === to ? current : { from, to }));
  }, []);

  // The other schedules' time in view, behind the frames.
  const background = useMemo<BackgroundSpan[]>(() => {
    if (!view) return [];
    return others.flatMap((other) =>
      other.spot
        ? [
            {
              start: other.spot.start,
              end: dayjs(other.spot.start).add(other.spot.minutes, 'minute').format('YYYY-MM-DDTHH:mm'),
              title: other.name,
            },
          ]
        : occurrences(other.frames, other, view.from, view.to).map((o) => ({
            start: o.start,
            end: o.end,
            title: other.name,
          })),
    );
  }, [others, view]);

  return (
    <div id="scheduleTime" className="schedule-step">
      <Flex wrap gap="large" align="flex-start">
        <Form.Item
          label={t('time.dates')}
          layout="vertical"
          className="schedule-step__field"
          validateStatus={datesError ? 'error' : undefined}
          help={datesError ? t(`contract:${datesError}`) : undefined}
        >
          <DatePicker.RangePicker
            id="scheduleDates"
            value={[dayjs(draft.start_date), dayjs(draft.end_date)]}
            allowClear={false}
            // Kept as typed: an end before the start is told, not swapped (spec 001 §5).
            order={false}
            onChange={(dates) => {
              if (!dates?.[0] || !dates[1]) return;
              onChange({
                start_date: dates[0].format('YYYY-MM-DD'),
                end_date: dates[1].format('YYYY-MM-DD'),
              });
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('time.priority')}
          layout="vertical"
          extra={t('time.priorityHelp')}
          className="schedule-step__field schedule-step__priority"
        >
          <Slider
            ariaLabelForHandle={t('time.priority')}
            min={SCHEDULE_PRIORITY_MIN}
            max={SCHEDULE_PRIORITY_MAX}
            value={draft.priority}
            onChange={(priority) => onChange({ priority })}
            marks={{
              [SCHEDULE_PRIORITY_MIN]: String(SCHEDULE_PRIORITY_MIN),
              [SCHEDULE_PRIORITY_MAX]: String(SCHEDULE_PRIORITY_MAX),
            }}
          />
        </Form.Item>
        <HolidaysField
          id="scheduleHolidays"
          checked={draft.exclude_holidays}
          onChange={(exclude_holidays) => onChange({ exclude_holidays })}
        />
      </Flex>
      {datesError ? null : <FirstPlayLine draft={draft} />}

      {conflicts.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="schedule-step__alert"
          title={t('conflict.title')}
          description={
            <ul className="schedule-conflicts">
              {conflicts.map((conflict) => (
                <li key={conflict.id}>
                  {conflict.lost > 0
                    ? t('conflict.loses', {
                        name: conflict.name,
                        priority: conflict.priority,
                        first: conflict.first.replace('T', ' '),
                      })
                    : t('conflict.wins', {
                        name: conflict.name,
                        priority: conflict.priority,
                        first: conflict.first.replace('T', ' '),
                      })}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Flex wrap gap="small" justify="space-between" align="center" className="schedule-step__bar">
        <Typography.Text type="secondary">{t('time.help')}</Typography.Text>
        <Tooltip title={limit ? t('contract:schedule.frameLimit') : undefined}>
          <Button icon={<PlusOutlined />} disabled={limit} onClick={() => create(DEFAULT_FRAME)}>
            {t('time.addFrame')}
          </Button>
        </Tooltip>
      </Flex>
      <div id="scheduleCalendar" className="schedule-calendar">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
          <FrameCalendar
            frames={frames}
            range={{
              start_date: draft.start_date,
              end_date: draft.start_date > draft.end_date ? draft.start_date : draft.end_date,
            }}
            background={background}
            onCreate={create}
            onChange={(index, frame) => setFrames(frames.map((old, i) => (i === index ? frame : old)))}
            onOpen={setEditing}
            onView={onView}
            label={label}
            name={t('time.calendar')}
          />
        </Suspense>
      </div>
      <section className="schedule-frames" aria-label={t('time.frames', { count: frames.length })}>
        <Typography.Text strong>{t('time.frames', { count: frames.length })}</Typography.Text>
        {frames.length === 0 ? (
          <Typography.Paragraph type="secondary">{t('contract:schedule.frames')}</Typography.Paragraph>
        ) : (
          <ul className="schedule-frames__list">
            {frames.map((frame, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: frames have no identity of their own
              <li key={index} className="schedule-frames__row">
                <span className={`schedule-frame-dot schedule-frame--${index % 6}`} aria-hidden />
                <bdi data-testid="schedule-frame" className="schedule-frames__text">
                  {describe(frame)}
                </bdi>
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('frame.edit', { frame: describe(frame) })}
                  onClick={() => setEditing(index)}
                />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('frame.deleteOne', { frame: describe(frame) })}
                  onClick={() => setFrames(frames.filter((_f, i) => i !== index))}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <FrameDialog
        frame={editing === null ? null : (frames[editing] ?? null)}
        onClose={() => setEditing(null)}
        onDelete={() => {
          setFrames(frames.filter((_f, i) => i !== editing));
          setEditing(null);
        }}
        onSave={(frame) => {
          setFrames(frames.map((old, i) => (i === editing ? frame : old)));
          setEditing(null);
        }}
      />
    </div>
  );
}
