import { type MailTestResult, mailTemplateTestRequestSchema } from '@vitrine/contract';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { leftToRight } from '../../../lib/bidi';
import { useRules } from '../../../lib/form-rules';

type Props = {
  /** Sends to `to`, or to the caller's own address when it is left empty. */
  onSend: (to: string | undefined) => void;
  pending: boolean;
  result: MailTestResult | undefined;
  /** A refused request (bad input), not a failed delivery: that is a result with ok false. */
  error: unknown;
};

const TO = mailTemplateTestRequestSchema.shape.to;

/** "Send a test mail" and the SMTP server's own answer to it. */
export function TestSend({ onSend, pending, result, error }: Props) {
  const { t } = useTranslation('mail');
  const rules = useRules();
  return (
    <Flex vertical gap="small">
      <Form<{ to?: string }>
        layout="inline"
        onFinish={(values) => onSend(values.to)}
        style={{ rowGap: 8 }}
        aria-label={t('test.title')}
      >
        <Form.Item
          name="to"
          rules={[rules.zod(TO)]}
          normalize={(value: string) => value.trim() || undefined}
          style={{ flex: '1 1 240px' }}
        >
          <Input dir="ltr" type="email" aria-label={t('test.to')} placeholder={t('test.toPlaceholder')} />
        </Form.Item>
        <Button htmlType="submit" loading={pending}>
          {t('test.send')}
        </Button>
      </Form>
      <ErrorAlert error={error} />
      {result ? <TestResult result={result} /> : null}
    </Flex>
  );
}

function TestResult({ result }: { result: MailTestResult }) {
  const { t } = useTranslation('mail');
  const to = leftToRight(result.to);
  const outbox = result.via === 'outbox';
  const title = !result.ok
    ? t('test.failed', { to })
    : outbox
      ? t('test.outbox', { to })
      : t('test.accepted', { to });
  return (
    <Alert
      role="status"
      type={result.ok ? (outbox ? 'info' : 'success') : 'error'}
      showIcon
      title={title}
      description={
        <Flex vertical gap={4} align="start">
          <Typography.Text type="secondary">{t('test.answer')}</Typography.Text>
          {/* The SMTP server's own words: left to right; the outbox notice is in the user's language. */}
          <Typography.Text
            code
            dir={outbox ? undefined : 'ltr'}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {result.error_code ? `${result.error_code}: ${result.response}` : result.response}
          </Typography.Text>
        </Flex>
      }
    />
  );
}
