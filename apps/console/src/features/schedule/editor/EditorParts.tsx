import type { ScheduleDetail } from '@vitrine/contract';
import { Alert, Button, Form, Input, Skeleton, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useSchedule } from '../api';
import type { SaveMode, Saving } from './shared';

// What the wizard and the spot, sensor and video-wall editors show alike: the schedule they open,
// messages on a step or section, what an edit does to an approved or rejected schedule, the
// holidays switch, the name, and the saves.

/** The schedule of the path's id loaded once (none for a new one, id 0), then its editor. */
export function LoadedSchedule({
  children,
}: {
  children: (id: number, saved: ScheduleDetail | null) => ReactNode;
}) {
  const id = Number(useParams().id ?? 0) || 0;
  const schedule = useSchedule(id);
  if (id > 0 && schedule.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id > 0 && !schedule.data) return <ErrorAlert error={schedule.error} />;
  return children(id, schedule.data ?? null);
}

type AlertsProps = {
  messages: readonly string[];
  /** Errors keep a step from being left or saved; warnings tell of picks refused. */
  type?: 'error' | 'warning';
};

/** A step's or section's messages, each read out as it appears. */
export function StepAlerts({ messages, type = 'error' }: AlertsProps) {
  return (
    <>
      {messages.map((message) => (
        <Alert
          key={message}
          type={type}
          showIcon
          title={message}
          role="alert"
          className="schedule-step__alert"
        />
      ))}
    </>
  );
}

/** Over a saved schedule: an approved one goes back to approval when changed; a rejected one says why. */
export function SavedStateAlerts({ saved }: { saved: ScheduleDetail | null }) {
  const { t } = useTranslation('schedule-editor');
  if (saved?.state === 'approved') {
    return <Alert type="info" showIcon title={t('finish.editApproved')} className="schedule-step__alert" />;
  }
  if (saved?.state === 'rejected' && saved.reject_reason) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('finish.rejected', { reason: saved.reject_reason })}
        className="schedule-step__alert"
      />
    );
  }
  return null;
}

type HolidaysProps = {
  /** The switch's own id: the wizard's time step gives one, the spot editor none. */
  id?: string;
  checked: boolean;
  onChange: (exclude: boolean) => void;
};

/** Whether the schedule stays off on holidays. */
export function HolidaysField({ id, checked, onChange }: HolidaysProps) {
  const { t } = useTranslation('schedule-editor');
  return (
    <Form.Item
      label={t('time.holidays')}
      layout="vertical"
      extra={t('time.holidaysHelp')}
      className="schedule-step__field"
    >
      <Switch id={id} aria-label={t('time.holidays')} checked={checked} onChange={onChange} />
    </Form.Item>
  );
}

type NameProps = {
  value: string;
  onChange: (name: string) => void;
  /** Drawn red: a message above says what is wrong with it. */
  invalid?: boolean;
};

/** The schedule's name under its label. */
export function NameField({ value, onChange, invalid = false }: NameProps) {
  const { t } = useTranslation('schedule-editor');
  return (
    <div className="schedule-step__field">
      <label htmlFor="scheduleName">
        <Typography.Text strong>{t('finish.name')}</Typography.Text>
      </label>
      <Input
        id="scheduleName"
        value={value}
        maxLength={64}
        status={invalid ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

type SaveProps = {
  saving: Saving;
  /** Submitting asks for approval; without it, it publishes at once. */
  needConfirm: boolean;
  /** The user approves schedules: offered to approve it on submit. */
  approver: boolean;
  onSave: (mode: SaveMode) => void;
  /** The main button's id: the wizard's last step keeps its next button's. */
  submitId?: string;
};

/** Save as a draft, submit (for approval, or to publish), or for an approver approve at once; the one under way spins. */
export function SaveButtons({ saving, needConfirm, approver, onSave, submitId }: SaveProps) {
  const { t } = useTranslation('schedule-editor');
  return (
    <>
      <Button loading={saving === 'draft'} onClick={() => onSave('draft')}>
        {t('finish.draft')}
      </Button>
      <Button
        id={approver ? undefined : submitId}
        type={approver ? 'default' : 'primary'}
        loading={saving === 'submit'}
        onClick={() => onSave('submit')}
      >
        {needConfirm ? t('finish.submit') : t('finish.publish')}
      </Button>
      {approver ? (
        <Button id={submitId} type="primary" loading={saving === 'approve'} onClick={() => onSave('approve')}>
          {t('finish.approve')}
        </Button>
      ) : null}
    </>
  );
}
