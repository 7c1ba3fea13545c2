import type { ScheduleFrame } from '@vitrine/contract';
import { Button, Checkbox, Flex, Form, Modal, Radio, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/NumberInput';
import { leftToRight } from '../../../lib/bidi';
import { useLanguage } from '../../../lib/i18n';
import {
  buildRrule,
  clockMinutes,
  FREQUENCIES,
  type Frequency,
  INTERVAL_MAX,
  parseRrule,
  type Recurrence,
  WEEKDAYS,
  type Weekday,
  withTimes,
} from './frames';

/** Weekday names in the page's language, Monday first (2024-01-01 was a Monday). */
export function weekdayNames(language: string, width: 'short' | 'long' = 'short'): Record<Weekday, string> {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  return Object.fromEntries(
    WEEKDAYS.map((day, index) => [day, format.format(new Date(Date.UTC(2024, 0, 1 + index)))]),
  ) as Record<Weekday, string>;
}

/** "Weekly on Mon, Wed · every 2 weeks" in the page's language. */
export function useDescribeFrame() {
  const { t } = useTranslation('schedule-editor');
  const { language } = useLanguage();
  const names = weekdayNames(language);
  return (frame: ScheduleFrame) => {
    const recurrence = parseRrule(frame.rrule);
    const time = leftToRight(`${frame.start}–${frame.end}`);
    if (!recurrence) return time;
    const every =
      recurrence.interval > 1 ? t(`every.${recurrence.freq}`, { count: recurrence.interval }) : null;
    const what =
      recurrence.freq === 'weekly'
        ? t('repeat.weeklyOn', { days: recurrence.days.map((day) => names[day]).join(', ') })
        : recurrence.freq === 'monthly'
          ? t('repeat.monthlyOn', { dates: recurrence.monthDays.join(', ') })
          : t('repeat.daily');
    return [time, what, every].filter(Boolean).join(' · ');
  };
}

type Values = {
  start: Dayjs;
  end: Dayjs;
  freq: Frequency;
  interval: number | null;
  days: Weekday[];
  monthDays: number[];
};

const timeOf = (clock: string) => dayjs(`2000-01-01T${clock === '24:00' ? '00:00' : clock}`);

type Props = {
  frame: ScheduleFrame | null;
  onSave: (frame: ScheduleFrame) => void;
  onDelete: () => void;
  onClose: () => void;
};

/** A frame's times and how it repeats: daily, weekly on days, monthly on dates, every N. */
export function FrameDialog({ frame, onSave, onDelete, onClose }: Props) {
  const { t } = useTranslation(['schedule-editor', 'common', 'contract']);
  const { language } = useLanguage();
  const [form] = Form.useForm<Values>();
  const freq = Form.useWatch('freq', form);
  const [error, setError] = useState<string | null>(null);
  const names = weekdayNames(language, 'short');

  useEffect(() => {
    if (!frame) return;
    setError(null);
    const recurrence: Recurrence = parseRrule(frame.rrule) ?? {
      freq: 'daily',
      interval: 1,
      days: [],
      monthDays: [],
    };
    form.setFieldsValue({
      start: timeOf(frame.start),
      end: timeOf(frame.end),
      freq: recurrence.freq,
      interval: recurrence.interval,
      days: recurrence.days,
      monthDays: recurrence.monthDays,
    });
  }, [frame, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !frame) return;
    const start = values.start.format('HH:mm');
    const end = values.end.format('HH:mm');
    if (clockMinutes(start) === clockMinutes(end) && start !== '00:00') {
      setError(t('contract:schedule.frameEmpty'));
      return;
    }
    const rrule = buildRrule({
      freq: values.freq,
      interval: values.interval ?? 1,
      days: values.days ?? [],
      monthDays: values.monthDays ?? [],
    });
    onSave({ ...withTimes(frame, start, end), rrule });
  };

  return (
    <Modal
      open={frame !== null}
      title={t('frame.title')}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      footer={
        <Flex justify="space-between" wrap gap="small">
          <Button danger onClick={onDelete}>
            {t('frame.delete')}
          </Button>
          <Flex gap="small">
            <Button onClick={onClose}>{t('common:cancel')}</Button>
            <Button type="primary" onClick={() => void save()}>
              {t('common:ok')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} id="scheduleFrameForm">
        <Flex gap="middle" wrap>
          <Form.Item
            name="start"
            label={t('frame.start')}
            rules={[{ required: true, message: t('contract:schedule.time') }]}
          >
            <TimePicker format="HH:mm" minuteStep={5} allowClear={false} needConfirm={false} />
          </Form.Item>
          <Form.Item
            name="end"
            label={t('frame.end')}
            extra={t('frame.endHelp')}
            rules={[{ required: true, message: t('contract:schedule.time') }]}
          >
            <TimePicker format="HH:mm" minuteStep={5} allowClear={false} needConfirm={false} />
          </Form.Item>
        </Flex>
        {error ? (
          <div role="alert" className="ant-form-item-explain-error">
            {error}
          </div>
        ) : null}
        <Form.Item name="freq" label={t('frame.repeat')}>
          <Radio.Group
            optionType="button"
            options={FREQUENCIES.map((value) => ({ value, label: t(`repeat.${value}`) }))}
          />
        </Form.Item>
        {freq === 'weekly' ? (
          <Form.Item
            name="days"
            label={t('frame.days')}
            rules={[{ type: 'array', min: 1, message: t('contract:schedule.rrule') }]}
          >
            <Checkbox.Group options={WEEKDAYS.map((day) => ({ value: day, label: names[day] }))} />
          </Form.Item>
        ) : null}
        {freq === 'monthly' ? (
          <Form.Item
            name="monthDays"
            label={t('frame.dates')}
            rules={[{ type: 'array', min: 1, message: t('contract:schedule.rrule') }]}
          >
            <Select
              mode="multiple"
              aria-label={t('frame.dates')}
              options={Array.from({ length: 31 }, (_v, index) => ({
                value: index + 1,
                label: String(index + 1),
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="interval"
          label={t(`frame.interval_${freq ?? 'daily'}`)}
          extra={t('frame.intervalHelp')}
        >
          <NumberInput
            aria-label={t(`frame.interval_${freq ?? 'daily'}`)}
            min={1}
            max={INTERVAL_MAX}
            width={120}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
