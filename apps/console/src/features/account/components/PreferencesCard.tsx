import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_TIME_FORMAT,
  isLanguage,
  LANGUAGE_LABEL,
  LANGUAGES,
  type Language,
  TIME_FORMATS,
  type UserInfo,
} from '@vitrine/contract';
import { Card, Form, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { leftToRight } from '../../../lib/bidi';
import { setLanguage, useLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { type PreferenceName, type PreferenceValue, useSavePreference } from '../api';
import { timeZoneOptions } from '../timezones';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The current time, ticking every second, for the format examples. */
function useNow(): dayjs.Dayjs {
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** One preference saved on change; while saving it shows the chosen value. */
function usePreference<P extends PreferenceName>(name: P, saved: PreferenceValue<P>) {
  const { t } = useTranslation('account');
  const save = useSavePreference(name);
  return {
    value: save.isPending ? save.variables : saved,
    pending: save.isPending,
    // `after` may be async (a language switch): the notice then speaks the new language.
    change: (value: PreferenceValue<P>, after?: () => Promise<void>) =>
      save.mutate(value, {
        onSuccess: async () => {
          await after?.();
          notify({ type: 'success', title: t('profile.saved') });
        },
      }),
  };
}

/** A mail the user may ask for, switched on or off and saved at once. */
function SwitchPreference({
  name,
  saved,
  label,
  help,
}: {
  name: 'offSiteLoginAlarm' | 'powerMail';
  saved: boolean;
  label: string;
  help: string;
}) {
  const preference = usePreference(name, saved);
  return (
    <Form.Item label={label} htmlFor={name}>
      <Switch
        id={name}
        checked={preference.value}
        loading={preference.pending}
        onChange={(checked) => preference.change(checked)}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {help}
      </Typography.Paragraph>
    </Form.Item>
  );
}

/** Language, time zone, date and time formats, the off-site login alarm and power mails; each saved on change. */
export function PreferencesCard({ info }: { info: UserInfo }) {
  const { t } = useTranslation('account');
  const { language: shown } = useLanguage();
  const now = useNow();
  const zones = useMemo(timeZoneOptions, []);
  const language = usePreference('language', isLanguage(info.language_len_id) ? info.language_len_id : shown);
  const zone = usePreference('timezone', info.timezone);
  const dateFormat = usePreference('dateFormat', info.date_format || DEFAULT_DATE_FORMAT);
  const timeFormat = usePreference('timeFormat', info.time_format || DEFAULT_TIME_FORMAT);

  const zonedNow = zones.some((option) => option.value === zone.value) ? now.tz(zone.value) : now;
  const example = (format: string) =>
    t('profile.preferences.example', { value: leftToRight(zonedNow.format(format)) });

  return (
    <Card title={t('profile.preferences.title')}>
      <Form layout="vertical" style={{ maxWidth: 480 }}>
        <Form.Item label={t('profile.preferences.language')} htmlFor="language">
          <Select<Language>
            id="language"
            value={language.value as Language}
            loading={language.pending}
            options={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABEL[value] }))}
            onChange={(value) => language.change(value, () => setLanguage(value))}
          />
        </Form.Item>
        <Form.Item label={t('profile.preferences.timezone')} htmlFor="timezone">
          <Select
            id="timezone"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('profile.preferences.timezonePlaceholder')}
            value={zone.value || undefined}
            loading={zone.pending}
            options={zones}
            onChange={(value: string) => zone.change(value)}
          />
        </Form.Item>
        <Form.Item
          label={t('profile.preferences.dateFormat')}
          htmlFor="dateFormat"
          extra={example(dateFormat.value)}
        >
          <Select
            id="dateFormat"
            value={dateFormat.value}
            loading={dateFormat.pending}
            options={DATE_FORMATS.map((value) => ({ value, label: value }))}
            onChange={(value: string) => dateFormat.change(value)}
          />
        </Form.Item>
        <Form.Item
          label={t('profile.preferences.timeFormat')}
          htmlFor="timeFormat"
          extra={example(timeFormat.value)}
        >
          <Select
            id="timeFormat"
            value={timeFormat.value}
            loading={timeFormat.pending}
            options={TIME_FORMATS.map((value) => ({ value, label: value }))}
            onChange={(value: string) => timeFormat.change(value)}
          />
        </Form.Item>
        <SwitchPreference
          name="offSiteLoginAlarm"
          saved={info.user_off_site_login_alarm}
          label={t('profile.preferences.alarm')}
          help={t('profile.preferences.alarmHelp')}
        />
        <SwitchPreference
          name="powerMail"
          saved={info.user_power_mail}
          label={t('profile.preferences.powerMail')}
          help={t('profile.preferences.powerMailHelp')}
        />
      </Form>
    </Card>
  );
}
