import {
  LANGUAGE_LABEL,
  LANGUAGES,
  publicUrlSchema,
  type SystemSettings,
  type SystemSettingsRequest,
} from '@vitrine/contract';
import { Alert, Button, Form, Input, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { leftToRight } from '../../../lib/bidi';
import { zodRule } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { timeZoneOptions } from '../../account/ui';
import { useSaveSystemSettings } from '../api';

type Values = Omit<SystemSettingsRequest, 'public_url'> & { public_url: string };

// Empty is allowed: the server's own PUBLIC_URL is used then.
const publicUrlRule = zodRule(publicUrlSchema, { optional: true });

/** The platform's settings; only the system role (setting:pms) saves them, the operator reads. */
export function SystemSettingsForm({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation('system');
  const editable = usePermission('setting:pms');
  const save = useSaveSystemSettings();
  const zones = useMemo(timeZoneOptions, []);
  const initial: Values = { ...settings, public_url: settings.public_url ?? '' };

  const submit = (values: Values) =>
    save.mutate(
      { ...values, public_url: values.public_url.trim() || null },
      { onSuccess: () => notify({ type: 'success', title: t('settings.saved') }) },
    );

  return (
    <>
      {!editable && (
        <Alert type="info" showIcon title={t('settings.readOnly')} style={{ marginBottom: 16 }} />
      )}
      <ErrorAlert error={save.error} />
      <Form<Values>
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        disabled={!editable}
        style={{ maxWidth: 560 }}
      >
        <Form.Item
          name="public_url"
          label={t('settings.publicUrl')}
          extra={t('settings.publicUrlHelp', { address: leftToRight(settings.configured_public_url) })}
          rules={[publicUrlRule]}
        >
          <Input dir="ltr" inputMode="url" placeholder={settings.configured_public_url} allowClear />
        </Form.Item>
        <Form.Item
          name="default_language"
          label={t('settings.defaultLanguage')}
          extra={t('settings.defaultsHelp')}
        >
          <Select options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABEL[value] }))} />
        </Form.Item>
        <Form.Item name="default_timezone" label={t('settings.defaultTimezone')}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={zones} />
        </Form.Item>
        <Form.Item
          name="schedule_confirm"
          label={t('settings.scheduleConfirm')}
          extra={t('settings.scheduleConfirmHelp')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="registration_open"
          label={t('settings.registrationOpen')}
          extra={t('settings.registrationOpenHelp', { path: leftToRight('/register') })}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        )}
      </Form>
    </>
  );
}
