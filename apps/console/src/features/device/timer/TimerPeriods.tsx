import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEVICE_TIMER_LIMIT, type DeviceTimer, deviceTimerSchema } from '@vitrine/contract';
import { Button, Form, type FormRule, Select, Table, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';
import { WEEK_ORDER, weekdayName } from './timer-text';

const FORMAT = 'HH:mm';
const NEW_PERIOD: DeviceTimer = { weekday: 1, on: '08:00', off: '20:00' };
const translate = (key: string) => i18n.t(`contract:${key}`);

/** Checks one field of a period with the contract's schema (time format, off ≠ on). */
function periodRule(index: number, field: 'on' | 'off'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async () => {
      const result = deviceTimerSchema.safeParse(getFieldValue(['timers', index]));
      const issue = result.error?.issues.find((found) => found.path[0] === field);
      if (issue) throw new Error(translate(issue.message));
    },
  });
}

/** The list's own limit (at most DEVICE_TIMER_LIMIT periods a week). */
const limitRule = {
  validator: async (_rule: unknown, timers: DeviceTimer[] | undefined) => {
    if ((timers?.length ?? 0) > DEVICE_TIMER_LIMIT) throw new Error(translate('validation.timerLimit'));
  },
};

// The form keeps "HH:mm" strings, as the contract does; the pickers show them as times.
const asTime = (value: string | undefined) => ({ value: value ? dayjs(`2000-01-01T${value}`) : null });
const fromTime = (value: Dayjs | null) => value?.format(FORMAT);

/** The weekly power periods of a timer form: weekday, power on, power off, remove; add up to 21. */
export function TimerPeriods() {
  const { t } = useTranslation('device');
  const weekdays = WEEK_ORDER.map((value) => ({ value, label: weekdayName(value, true) }));

  return (
    <Form.List name="timers" rules={[limitRule]}>
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            rowKey="key"
            size="small"
            dataSource={fields}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('timer.noPeriods') }}
            columns={[
              {
                title: t('timer.weekday'),
                render: (_, field) => (
                  <Form.Item name={[field.name, 'weekday']} noStyle>
                    <Select aria-label={t('timer.weekday')} options={weekdays} style={{ minWidth: 140 }} />
                  </Form.Item>
                ),
              },
              ...(['on', 'off'] as const).map((key) => ({
                title: t(`timer.${key}`),
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item
                    name={[field.name, key]}
                    rules={[periodRule(field.name, key)]}
                    dependencies={key === 'off' ? [['timers', field.name, 'on']] : undefined}
                    getValueProps={asTime}
                    normalize={fromTime}
                    style={{ marginBottom: 0 }}
                  >
                    <TimePicker
                      format={FORMAT}
                      needConfirm={false}
                      allowClear={false}
                      aria-label={t(`timer.${key}`)}
                    />
                  </Form.Item>
                ),
              })),
              {
                title: t('field.actions'),
                width: 72,
                render: (_, field) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('timer.remove')}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Button
            icon={<PlusOutlined />}
            style={{ marginTop: 12 }}
            disabled={fields.length >= DEVICE_TIMER_LIMIT}
            onClick={() => add({ ...NEW_PERIOD })}
          >
            {t('timer.add', { number: fields.length, limit: DEVICE_TIMER_LIMIT })}
          </Button>
        </>
      )}
    </Form.List>
  );
}
