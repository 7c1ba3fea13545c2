import { type LicenseRemindState, licenseRemindRequestSchema, WEEKDAYS } from '@vitrine/contract';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Result, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { NumberInput } from '../../../components/NumberInput';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { useErrorText } from '../../../lib/errors';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useLicenseRemind, useSaveLicenseRemind } from '../api';

type Values = {
  enabled: boolean;
  threshold_days: number;
  frequency_days: number;
  user_ids: number[];
  emails: string[];
  exempt_days: number[];
  send_time: string;
};

const shape = licenseRemindRequestSchema.shape;

/** The day's name in the language: 1 January 2023 was a Sunday (weekday 0). */
const weekdayName = (language: string, day: number) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  );

/**
 * /setting/license-remind: when the licences nearing their expiry are mailed about, and to whom.
 * An owner's settings cover its company's screens; the system roles' the whole platform's.
 */
export function LicenseRemindPage() {
  const { t } = useTranslation(['license', 'common']);
  const errorText = useErrorText();
  const state = useLicenseRemind();
  if (state.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (state.isError) {
    return (
      <Result
        status="warning"
        title={errorText(state.error)}
        extra={<Button onClick={() => state.refetch()}>{t('remind.retry')}</Button>}
      />
    );
  }
  return (
    <>
      <PageHeader title={t('common:route.licenseRemind')} />
      <Alert
        type="info"
        showIcon
        title={t(`remind.covers.${state.data.covers}`)}
        style={{ marginBottom: 16 }}
      />
      <RemindForm key={state.data.settings.updated_at ?? 'new'} state={state.data} />
    </>
  );
}

function RemindForm({ state }: { state: LicenseRemindState }) {
  const { t, i18n } = useTranslation('license');
  const rules = useRules();
  const dateTime = useDateTime();
  const save = useSaveLicenseRemind();
  const { updated_at: updatedAt, ...initial } = state.settings;
  const submit = (values: Values) =>
    save.mutate(values, { onSuccess: () => notify({ type: 'success', title: t('remind.saved') }) });

  return (
    <Card size="small" style={{ maxWidth: 720 }}>
      <ErrorAlert error={save.error} />
      <Form<Values> layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item name="enabled" label={t('remind.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Flex wrap style={{ columnGap: 16 }}>
          <Form.Item
            name="threshold_days"
            label={t('remind.threshold')}
            extra={t('remind.thresholdHelp')}
            rules={[rules.zod(shape.threshold_days)]}
            style={{ flex: '1 1 240px' }}
          >
            <NumberInput min={1} max={365} height={32} />
          </Form.Item>
          <Form.Item
            name="frequency_days"
            label={t('remind.frequency')}
            extra={t('remind.frequencyHelp')}
            rules={[rules.zod(shape.frequency_days)]}
            style={{ flex: '1 1 240px' }}
          >
            <NumberInput min={1} max={365} height={32} />
          </Form.Item>
        </Flex>
        <Form.Item name="user_ids" label={t('remind.users')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={state.users.map((user) => ({
              value: user.id,
              label: `${user.username} <${user.email}>`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="emails"
          label={t('remind.emails')}
          extra={t('remind.emailsHelp')}
          rules={[rules.zod(shape.emails)]}
        >
          <Select mode="tags" open={false} tokenSeparators={[',', ' ', ';']} suffixIcon={null} />
        </Form.Item>
        <Form.Item name="exempt_days" label={t('remind.exemptDays')} rules={[rules.zod(shape.exempt_days)]}>
          <Checkbox.Group
            options={WEEKDAYS.map((day) => ({ value: day, label: weekdayName(i18n.language, day) }))}
          />
        </Form.Item>
        <Form.Item
          name="send_time"
          label={t('remind.sendTime')}
          extra={t('remind.sendTimeHelp')}
          rules={[rules.zod(shape.send_time)]}
        >
          <Input dir="ltr" placeholder="09:00" style={{ maxWidth: 160 }} />
        </Form.Item>
        <Flex wrap gap="small" justify="space-between" align="center">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('remind.save')}
          </Button>
          {updatedAt ? <span>{t('remind.updated', { time: leftToRight(dateTime(updatedAt)) })}</span> : null}
        </Flex>
      </Form>
    </Card>
  );
}
