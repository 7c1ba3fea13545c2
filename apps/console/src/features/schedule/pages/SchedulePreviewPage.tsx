import { AuditOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { localClock, resolveTimezone, type ScheduleDetail, scheduleOperations } from '@vitrine/contract';
import { Alert, Button, Card, Empty, Flex, Select, Skeleton, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { call } from '../../../lib/call';
import { ProgramPreview } from '../../program/ui';
import { scheduleKeys, useHolidayDates, useSchedule, useScheduleProgram } from '../api';
import { ScheduleFacts, ScheduleFrames } from '../components/ScheduleFacts';
import { ScheduleFallback, useAddressScheduleId } from '../components/ScheduleFallback';
import { SCHEDULE_PATHS, ScheduleStatusTag } from '../labels';
import { clockOf, type PreviewDay, previewWeek, scheduleTime } from '../week';
import '../schedule.css';

/** Other schedules on a device taken into account (the approved ones, most recent first). */
const OTHERS_LIMIT = 20;
const HOURS = [0, 6, 12, 18, 24];

/**
 * /schedule/view/:id: what each chosen screen will play when — the next seven days on the
 * device's own clock, with this schedule against the device's other approved schedules (the
 * winner at every moment, as the player resolves it) — and the program itself as a screen plays it.
 */
export function SchedulePreviewPage() {
  const { t } = useTranslation(['schedule', 'common']);
  const navigate = useNavigate();
  const id = useAddressScheduleId();
  const detail = useSchedule(id);
  const [chosen, setChosen] = useState<number | null>(null);
  const device =
    detail.data?.devices.find((item) => item.device_id === chosen) ?? detail.data?.devices[0] ?? null;
  // The content as the chosen screen plays it: its orientation picks the canvas.
  const program = useScheduleProgram(detail.data?.id ?? 0, device?.orientation ?? null);

  if (id === 0 || detail.isPending || detail.isError) return <ScheduleFallback id={id} detail={detail} />;
  const schedule = detail.data;

  return (
    <>
      <PageHeader
        title={
          <Flex wrap gap="small" align="center">
            <span dir="auto">{t('preview.title', { name: schedule.name })}</span>
            <ScheduleStatusTag schedule={schedule} />
          </Flex>
        }
        extra={
          schedule.ntc ? (
            <Button icon={<AuditOutlined />} onClick={() => navigate(SCHEDULE_PATHS.approval(schedule.id))}>
              {t('action.reviewPlain')}
            </Button>
          ) : null
        }
      />
      <Flex vertical gap="middle">
        <Card size="small" title={t('preview.week')}>
          {device ? (
            <>
              <Flex wrap gap="small" align="center" className="schedule-toolbar">
                <label htmlFor="previewDevice">{t('field.device')}</label>
                <Select<number>
                  id="previewDevice"
                  value={device.device_id}
                  onChange={setChosen}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={schedule.devices.map((item) => ({
                    value: item.device_id,
                    label: `${item.name} (${item.signage_id})`,
                  }))}
                  style={{ minWidth: 220, maxWidth: '100%' }}
                />
                <Typography.Text type="secondary">
                  {t('preview.timezone', { zone: resolveTimezone(device.timezone) })}
                </Typography.Text>
              </Flex>
              <DeviceWeek
                key={device.device_id}
                schedule={schedule}
                deviceId={device.device_id}
                timezone={device.timezone}
              />
            </>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noDevices')} />
          )}
        </Card>
        <div className="schedule-columns">
          <Card size="small" title={t('preview.program')}>
            {program.isError ? (
              <Alert type="warning" showIcon title={t('preview.programUnavailable')} />
            ) : program.isPending ? (
              <Skeleton.Node active style={{ width: '100%', height: 180 }} />
            ) : (
              <ProgramPreview program={program.data} />
            )}
          </Card>
          <ScheduleFrames schedule={schedule} />
        </div>
        <ScheduleFacts schedule={schedule} />
      </Flex>
    </>
  );
}

/** The other approved schedules of one device, with their time rules (details). */
function useDeviceSchedules(deviceId: number, ownId: number) {
  const list = useQuery({
    queryKey: [...scheduleKeys.lists(), { device_id: deviceId, state: 'approved', preview: true }] as const,
    queryFn: ({ signal }) =>
      call(
        scheduleOperations.list,
        {
          query: { device_id: deviceId, state: 'approved', page_size: OTHERS_LIMIT, sort: 'updated_at,desc' },
        },
        { signal, silent: true },
      ),
  });
  const others = (list.data?.list ?? []).filter((item) => item.id !== ownId && item.status !== 5);
  const details = useQueries({
    queries: others.map((item) => ({
      queryKey: scheduleKeys.detail(item.id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(scheduleOperations.detail, { params: { id: item.id } }, { signal, silent: true }),
    })),
  });
  return {
    loading: list.isPending || details.some((query) => query.isPending),
    schedules: details.flatMap((query) => (query.data ? [query.data] : [])),
  };
}

function DeviceWeek({
  schedule,
  deviceId,
  timezone,
}: {
  schedule: ScheduleDetail;
  deviceId: number;
  timezone: string | null;
}) {
  const { t, i18n } = useTranslation('schedule');
  const [now] = useState(() => Date.now());
  const { date: today, minute: nowMinute } = localClock(now, timezone);
  const lastYear = Number(localClock(now + 7 * 86_400_000, timezone).date.slice(0, 4));
  const firstYear = Number(today.slice(0, 4));
  const years = useMemo(
    () => (lastYear > firstYear ? [firstYear, lastYear] : [firstYear]),
    [firstYear, lastYear],
  );
  const holidays = useHolidayDates(years);
  const others = useDeviceSchedules(deviceId, schedule.id);
  const names = useMemo(
    () => new Map([schedule, ...others.schedules].map((item) => [item.id, item.name] as const)),
    [schedule, others.schedules],
  );
  const week = useMemo<PreviewDay[]>(() => {
    // This schedule, if not approved yet, counts as approved now: the latest approval wins ties.
    const own = scheduleTime(schedule, schedule.approved_at ?? new Date(now).toISOString());
    const rest = others.schedules.map((item) => scheduleTime(item, item.approved_at ?? item.updated_at));
    return previewWeek([own, ...rest], now, timezone, holidays);
  }, [schedule, others.schedules, now, timezone, holidays]);

  if (others.loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const plays = week.some((day) => day.pieces.some((piece) => piece.schedule_id === schedule.id));
  const weekday = (date: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );

  return (
    <div className="schedule-week">
      <div className="schedule-week__hours" aria-hidden="true">
        {HOURS.map((hour) => (
          <span key={hour} style={{ insetInlineStart: `${(hour / 24) * 100}%` }}>
            {clockOf(hour * 60)}
          </span>
        ))}
      </div>
      <ol className="schedule-week__days" aria-label={t('preview.week')}>
        {week.map((day) => (
          <li className="schedule-week__row" key={day.date}>
            <span className="schedule-week__day">
              {weekday(day.date)} {day.date.slice(5)}
              {holidays.has(day.date) ? (
                <Typography.Text type="secondary"> · {t('preview.holiday')}</Typography.Text>
              ) : null}
            </span>
            <div className="schedule-week__bar">
              {day.date === today ? (
                <span
                  className="schedule-week__now"
                  style={{ insetInlineStart: `${(nowMinute / 1440) * 100}%` }}
                  title={t('preview.now', { time: clockOf(nowMinute) })}
                  aria-hidden="true"
                />
              ) : null}
              {day.pieces
                .filter((piece) => piece.schedule_id !== null)
                .map((piece) => {
                  const own = piece.schedule_id === schedule.id;
                  const label = t('preview.segment', {
                    name: names.get(piece.schedule_id as number) ?? `#${piece.schedule_id}`,
                    start: clockOf(piece.from),
                    end: clockOf(piece.to),
                  });
                  return (
                    <Tooltip key={piece.from} title={label}>
                      <span
                        className={`schedule-week__piece${own ? ' schedule-week__piece--own' : ''}`}
                        style={{
                          insetInlineStart: `${(piece.from / 1440) * 100}%`,
                          inlineSize: `${((piece.to - piece.from) / 1440) * 100}%`,
                        }}
                        data-testid={own ? 'own-segment' : 'other-segment'}
                        role="img"
                        aria-label={label}
                      />
                    </Tooltip>
                  );
                })}
            </div>
          </li>
        ))}
      </ol>
      <Flex wrap gap="middle" className="schedule-week__legend">
        <span>
          <span className="schedule-week__swatch schedule-week__piece--own" /> {t('preview.legendOwn')}
        </span>
        <span>
          <span className="schedule-week__swatch schedule-week__piece--other" /> {t('preview.legendOther')}
        </span>
        <span>
          <span className="schedule-week__swatch" /> {t('preview.legendDefault')}
        </span>
      </Flex>
      {plays ? null : <Alert type="info" showIcon title={t('preview.notThisWeek')} />}
    </div>
  );
}
