import type { ScheduleAudit, ScheduleDetail, ScheduleDevice, ScheduleItem } from '@vitrine/contract';
import { Card, Descriptions, Flex, Table, type TableProps, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { formatDuration } from '../../../lib/format';
import { ContentThumb } from '../../content/ui';
import {
  PushTag,
  ScheduleStatusTag,
  useFrameLabel,
  usePeriod,
  useRepeatLabel,
  useTypeLabel,
} from '../labels';
import '../../../components/thumb.css';

// The parts of one schedule the approval page and the preview show: its facts, time frames,
// content, devices and history.

/** Type, status, priority, period, holidays, creator and dates. */
export function ScheduleFacts({ schedule }: { schedule: ScheduleDetail }) {
  const { t } = useTranslation('schedule');
  const typeLabel = useTypeLabel();
  const period = usePeriod();
  const dateTime = useDateTime();
  return (
    <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small">
      <Descriptions.Item label={t('field.type')}>{typeLabel(schedule.type)}</Descriptions.Item>
      <Descriptions.Item label={t('field.status')}>
        <ScheduleStatusTag schedule={schedule} />
      </Descriptions.Item>
      <Descriptions.Item label={t('field.period')}>{period(schedule)}</Descriptions.Item>
      <Descriptions.Item label={t('field.priority')}>{schedule.priority}</Descriptions.Item>
      <Descriptions.Item label={t('field.holidays')}>
        {t(schedule.exclude_holidays ? 'holidaysExcluded' : 'holidaysIncluded')}
      </Descriptions.Item>
      <Descriptions.Item label={t('field.creator')}>{schedule.creator_name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('field.createdAt')}>{dateTime(schedule.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('field.updatedAt')}>{dateTime(schedule.updated_at)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The time frames with their repetition; a spot's single moment. */
export function ScheduleFrames({ schedule }: { schedule: ScheduleDetail }) {
  const { t } = useTranslation('schedule');
  const frameLabel = useFrameLabel();
  const repeatLabel = useRepeatLabel();
  const period = usePeriod();
  return (
    <Card size="small" title={t('section.frames')}>
      {schedule.spot ? (
        <Typography.Text>{period(schedule)}</Typography.Text>
      ) : (
        <ul className="schedule-frames">
          {schedule.frames.map((frame, index) => (
            // Frames have no id; their order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              <Typography.Text strong className="schedule-nowrap">
                {frameLabel(frame)}
              </Typography.Text>
              <Typography.Text type="secondary">{repeatLabel(frame.rrule)}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** What plays: the program (playlist or composition) or the items in order with their lengths. */
export function ScheduleContent({ schedule }: { schedule: ScheduleDetail }) {
  const { t } = useTranslation('schedule');
  const columns: TableProps<ScheduleItem>['columns'] = [
    { title: '#', key: 'order', width: 48, render: (_, __, index) => index + 1 },
    {
      title: t('field.content'),
      key: 'name',
      render: (_, item) => (
        <span className="schedule-item">
          <span className="content-thumb content-thumb--small schedule-item__thumb">
            <ContentThumb item={item} />
          </span>
          <span dir="auto">{item.name}</span>
        </span>
      ),
    },
    {
      title: t('field.duration'),
      dataIndex: 'seconds',
      render: (seconds: number) => formatDuration(seconds),
    },
  ];
  return (
    <Card size="small" title={t('section.content')}>
      {schedule.program ? (
        <Typography.Text>
          <Tag>{t(`type.${schedule.type}`)}</Tag>
          <span dir="auto">{schedule.program.name}</span>
        </Typography.Text>
      ) : (
        <Table<ScheduleItem>
          rowKey={(item) => `${item.content_id}-${schedule.items.indexOf(item)}`}
          size="small"
          columns={columns}
          dataSource={schedule.items}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </Card>
  );
}

/** The chosen devices with their timezone and what their last push came to. */
export function ScheduleDevices({ schedule }: { schedule: ScheduleDetail }) {
  const { t } = useTranslation(['schedule', 'contract']);
  const dateTime = useDateTime();
  const columns: TableProps<ScheduleDevice>['columns'] = [
    { title: t('field.device'), dataIndex: 'name', render: (name: string) => <span dir="auto">{name}</span> },
    { title: t('field.signageId'), dataIndex: 'signage_id', render: (id: string) => <code>{id}</code> },
    { title: t('field.timezone'), dataIndex: 'timezone', render: (zone: string | null) => zone ?? 'UTC' },
    {
      title: t('field.push'),
      dataIndex: 'push_status',
      render: (status: ScheduleDevice['push_status'], device) => (
        <Flex vertical gap={2} align="start">
          <PushTag status={status} />
          {/* Refused for want of storage (the push failed), or sent to a screen that never told its storage. */}
          {device.push_reason ? (
            <Typography.Text type={status === 'failed' ? 'danger' : 'warning'}>
              {t(`contract:${device.push_reason}`)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('field.pushedAt'), dataIndex: 'pushed_at', render: dateTime },
  ];
  return (
    <Card size="small" title={t('section.devices', { n: schedule.devices.length })}>
      <Table<ScheduleDevice>
        rowKey="device_id"
        size="small"
        columns={columns}
        dataSource={schedule.devices}
        pagination={schedule.devices.length > 10 ? { pageSize: 10, size: 'small' } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('noDevices') }}
      />
    </Card>
  );
}

const ACTION_COLOR: Record<ScheduleAudit['action'], string> = {
  create: 'gray',
  update: 'gray',
  submit: 'blue',
  review: 'cyan',
  approve: 'green',
  reject: 'red',
  withdraw: 'orange',
  publish: 'green',
};

/** Who did what to the schedule, in order. */
export function AuditHistory({ audits, loading }: { audits: ScheduleAudit[] | undefined; loading: boolean }) {
  const { t } = useTranslation('schedule');
  const dateTime = useDateTime();
  return (
    <Card size="small" title={t('section.history')} loading={loading}>
      {audits && audits.length > 0 ? (
        <Timeline
          items={audits.map((audit) => ({
            key: audit.id,
            color: ACTION_COLOR[audit.action],
            content: (
              <>
                <Typography.Text strong>{t(`history.${audit.action}`)}</Typography.Text>{' '}
                <Typography.Text type="secondary">
                  {t('history.by', { user: audit.user_name ?? '—', time: dateTime(audit.created_at) })}
                </Typography.Text>
                {audit.reason ? (
                  <Typography.Paragraph type="danger" dir="auto" style={{ marginBottom: 0 }}>
                    {t('rejectReason', { reason: audit.reason })}
                  </Typography.Paragraph>
                ) : null}
              </>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      )}
    </Card>
  );
}
