import {
  MAIL_SECURITY,
  type MailSecurity,
  type MailServer,
  type MailServerRequest,
  mailServerRequestSchema,
} from '@vitrine/contract';
import { Alert, Button, Card, Checkbox, Flex, Form, Input, Result, Segmented, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { NumberInput } from '../../../components/NumberInput';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { useErrorText } from '../../../lib/errors';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { useMailServer, useRemoveMailServer, useSaveMailServer, useTestMailServer } from '../api';
import { TestSend } from '../components/TestSend';

type Values = {
  host: string;
  port: number;
  security: MailSecurity;
  user?: string;
  password?: string;
  remove_password?: boolean;
  from_address?: string;
  from_name?: string;
};

const shape = mailServerRequestSchema.shape;
/** The usual port of each kind of connection, offered when the port was left at another's. */
const PORT_OF = { none: 25, ssl: 465, starttls: 587 } as const;

const initialOf = (server: MailServer | null): Values =>
  server
    ? {
        host: server.host,
        port: server.port,
        security: server.security,
        user: server.user ?? '',
        from_address: server.from_address ?? '',
        from_name: server.from_name ?? '',
      }
    : { host: '', port: PORT_OF.starttls, security: 'starttls' };

/** /setting/mailserver: the SMTP server the platform sends through, and a test mail through it. */
export function MailServerPage() {
  const { t } = useTranslation(['mail', 'common']);
  const errorText = useErrorText();
  const state = useMailServer();
  if (state.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (state.isError) {
    return (
      <Result
        status="warning"
        title={errorText(state.error)}
        extra={<Button onClick={() => state.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  const { server, fallback } = state.data;
  return (
    <>
      <PageHeader
        title={t('common:route.mailServer')}
        extra={<Link to="/setting/mail-index">{t('common:route.mailIndex')}</Link>}
      />
      <Alert
        type={server ? 'success' : 'info'}
        showIcon
        title={server ? t('server.inUse') : t(`server.none.${fallback}`)}
        style={{ marginBottom: 16 }}
      />
      {/* A fresh form for each saved state: the password field is never filled from the server. */}
      <ServerForm key={server?.updated_at ?? 'none'} server={server} />
    </>
  );
}

type FieldName = keyof typeof shape & keyof Values;

/** One field of the form, checked by the contract's rule for it; two share a row on a wide screen. */
function Field({
  name,
  label,
  extra,
  flex = '1 1 240px',
  children,
}: {
  name: FieldName;
  label: ReactNode;
  extra?: ReactNode;
  flex?: string;
  children: ReactNode;
}) {
  const rules = useRules();
  return (
    <Form.Item name={name} label={label} rules={[rules.zod(shape[name])]} extra={extra} style={{ flex }}>
      {children}
    </Form.Item>
  );
}

/** A row of fields that wraps on a narrow screen. */
const FieldRow = ({ children }: { children: ReactNode }) => (
  <Flex wrap style={{ columnGap: 16 }}>
    {children}
  </Flex>
);

function ServerForm({ server }: { server: MailServer | null }) {
  const { t } = useTranslation(['mail', 'common']);
  const dateTime = useDateTime();
  const [form] = Form.useForm<Values>();
  const save = useSaveMailServer();
  const remove = useRemoveMailServer();
  const test = useTestMailServer();
  const [removePassword, setRemovePassword] = useState(false);

  const request = (values: Values): MailServerRequest => ({
    ...values,
    password: values.password || undefined,
    remove_password: Boolean(values.remove_password),
  });
  const submit = (values: Values) =>
    save.mutate(request(values), { onSuccess: () => notify({ type: 'success', title: t('server.saved') }) });
  const sendTest = async (to: string | undefined) => {
    // The settings on screen are tried as they are, saved or not.
    const values = await form.validateFields().catch(() => null);
    if (values) test.mutate({ to, server: request(values) });
  };
  const askRemove = () =>
    confirmAction({
      title: t('server.remove'),
      content: t('server.removeConfirm'),
      danger: true,
      okText: t('server.remove'),
      onOk: () => remove.mutateAsync().then(() => notify({ type: 'success', title: t('server.removed') })),
    });
  const onSecurity = (security: Values['security']) => {
    const port = form.getFieldValue('port');
    if (Object.values(PORT_OF).includes(port)) form.setFieldValue('port', PORT_OF[security]);
  };

  return (
    <Flex vertical gap="middle" style={{ maxWidth: 720 }}>
      <Card size="small">
        <ErrorAlert error={save.error ?? remove.error} />
        <Form<Values> form={form} layout="vertical" initialValues={initialOf(server)} onFinish={submit}>
          <FieldRow>
            <Field name="host" label={t('server.host')} flex="3 1 240px">
              <Input dir="ltr" autoComplete="off" placeholder="smtp.example.com" />
            </Field>
            <Field name="port" label={t('server.port')} flex="1 1 120px">
              <NumberInput min={1} max={65535} height={32} />
            </Field>
          </FieldRow>
          <Form.Item name="security" label={t('server.security')}>
            <Segmented<Values['security']>
              options={MAIL_SECURITY.map((value) => ({ value, label: t(`server.securityOption.${value}`) }))}
              onChange={onSecurity}
            />
          </Form.Item>
          <FieldRow>
            <Field name="user" label={t('server.user')}>
              <Input dir="ltr" autoComplete="off" />
            </Field>
            <Field
              name="password"
              label={t('server.password')}
              extra={server?.password_set ? t('server.passwordSaved') : undefined}
            >
              <Input.Password
                dir="ltr"
                autoComplete="new-password"
                disabled={removePassword}
                placeholder={server?.password_set ? t('server.passwordKept') : undefined}
              />
            </Field>
          </FieldRow>
          {server?.password_set ? (
            <Form.Item name="remove_password" valuePropName="checked" style={{ marginTop: -8 }}>
              <Checkbox onChange={(event) => setRemovePassword(event.target.checked)}>
                {t('server.removePassword')}
              </Checkbox>
            </Form.Item>
          ) : null}
          <FieldRow>
            <Field name="from_address" label={t('server.fromAddress')}>
              <Input dir="ltr" type="email" placeholder="no-reply@example.com" />
            </Field>
            <Field name="from_name" label={t('server.fromName')}>
              <Input placeholder="Vitrine" />
            </Field>
          </FieldRow>
          <Flex wrap gap="small" justify="space-between" align="center">
            <Flex wrap gap="small">
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('server.save')}
              </Button>
              {server ? (
                <Button danger onClick={askRemove}>
                  {t('server.remove')}
                </Button>
              ) : null}
            </Flex>
            {server ? (
              <span>{t('server.updated', { time: leftToRight(dateTime(server.updated_at)) })}</span>
            ) : null}
          </Flex>
        </Form>
      </Card>
      <Card size="small" title={t('test.title')}>
        <p style={{ marginTop: 0 }}>{t('test.serverHelp')}</p>
        <TestSend onSend={sendTest} pending={test.isPending} result={test.data} error={test.error} />
      </Card>
    </Flex>
  );
}
