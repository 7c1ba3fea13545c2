import type { DeviceTimers } from '@vitrine/contract';
import { Button, Card, Form, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimerPeriods } from './TimerPeriods';

/** The form's values: the timer, and the devices when the page applies it to several. */
export type TimerValues = DeviceTimers & { ids?: number[] };

type Props = {
  initial: DeviceTimers;
  saving: boolean;
  /** The save is greyed out (the page says why). */
  blocked?: boolean;
  onSave: (values: TimerValues) => void;
  /** Fields above the timer, e.g. which devices it goes to. */
  children?: ReactNode;
};

/** A weekly power timer: on/off switch and its periods, checked with the contract's rules. */
export function TimerForm({ initial, saving, blocked = false, onSave, children }: Props) {
  const { t } = useTranslation('device');
  return (
    <Card>
      <Form<TimerValues>
        name="deviceTimer"
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => onSave({ ...values, timers: values.timers ?? [] })}
      >
        {children}
        <Form.Item
          name="enabled"
          label={t('timer.enabled')}
          valuePropName="checked"
          extra={t('timer.enabledHelp')}
        >
          <Switch />
        </Form.Item>
        <Typography.Text strong>{t('timer.periods')}</Typography.Text>
        <Typography.Paragraph type="secondary">{t('timer.periodsHelp')}</Typography.Paragraph>
        <TimerPeriods />
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          disabled={blocked}
          style={{ marginTop: 24, display: 'block' }}
        >
          {t('action.save')}
        </Button>
      </Form>
    </Card>
  );
}
