import {
  isLanguage,
  LANGUAGE_LABEL,
  LANGUAGES,
  type Language,
  MAIL_TEMPLATE_TYPES,
  type MailTemplate,
  type MailTemplateType,
  mailTemplateRequestSchema,
  RTL_LANGUAGES,
} from '@vitrine/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  type InputRef,
  Result,
  Row,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { useErrorText } from '../../../lib/errors';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import {
  type TemplateRef,
  useMailTemplate,
  useMailTemplates,
  usePreviewMailTemplate,
  useResetMailTemplate,
  useSaveMailTemplate,
  useTestMailTemplate,
} from '../api';
import { TestSend } from '../components/TestSend';

/** How long typing pauses before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;
const shape = mailTemplateRequestSchema.shape;

/** The mail's own direction, whatever the console's: an Arabic subject reads right to left. */
const textDirection = (language: Language) => (RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr');

const typeOf = (pathname: string): MailTemplateType | undefined =>
  MAIL_TEMPLATE_TYPES.find((type) => pathname.endsWith(`/${type}`));

/** /setting/mail-index/<type>: one mail's subject and body per language, previewed by the server. */
export function MailTemplatePage() {
  const { t } = useTranslation(['mail', 'common']);
  const type = typeOf(useLocation().pathname);
  const [params, setParams] = useSearchParams();
  const asked = params.get('lang') ?? '';
  const language: Language = isLanguage(asked) ? asked : 'en';
  const states = useMailTemplates().data?.find((item) => item.type === type)?.languages;

  if (!type) return <Result status="404" title={t('template.unknown')} />;
  return (
    <>
      <PageHeader
        title={t(`common:route.mailTemplate.${type}`)}
        extra={
          <Select<Language>
            aria-label={t('template.language')}
            value={language}
            onChange={(lang) => setParams({ lang }, { replace: true })}
            style={{ minWidth: 200 }}
            options={LANGUAGES.map((lang) => ({
              value: lang,
              label: (
                <Flex justify="space-between" gap="small">
                  <span lang={lang}>{LANGUAGE_LABEL[lang]}</span>
                  {states?.find((state) => state.language === lang)?.edited ? (
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      {t('index.edited')}
                    </Tag>
                  ) : null}
                </Flex>
              ),
            }))}
          />
        }
      />
      <TemplateLoader key={`${type}/${language}`} templateRef={{ type, language }} />
    </>
  );
}

function TemplateLoader({ templateRef }: { templateRef: TemplateRef }) {
  const { t } = useTranslation('mail');
  const errorText = useErrorText();
  const template = useMailTemplate(templateRef);
  if (template.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (template.isError) {
    return (
      <Result
        status="warning"
        title={errorText(template.error)}
        extra={<Button onClick={() => template.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  // A fresh editor for each saved state: after a save or a reset it starts from the server's text.
  return <TemplateEditor key={template.data.updated_at ?? 'default'} template={template.data} />;
}

type Field = 'subject' | 'body';

function TemplateEditor({ template }: { template: MailTemplate }) {
  const { t } = useTranslation(['mail', 'common']);
  const rules = useRules();
  const dateTime = useDateTime();
  const ref: TemplateRef = { type: template.type, language: template.language };
  const [form] = Form.useForm<{ subject: string; body: string }>();
  const subject = Form.useWatch('subject', form) ?? template.subject;
  const body = Form.useWatch('body', form) ?? template.body;
  const changed = subject !== template.subject || body !== template.body;
  const save = useSaveMailTemplate();
  const reset = useResetMailTemplate();
  const test = useTestMailTemplate();
  const preview = usePreviewMailTemplate();
  const previewMutate = preview.mutate;

  // Where a clicked variable goes: the field last focused, at its cursor.
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  const [target, setTarget] = useState<Field>('body');

  useEffect(() => {
    const timer = setTimeout(
      () =>
        previewMutate({ ref: { type: template.type, language: template.language }, body: { subject, body } }),
      PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [previewMutate, template.type, template.language, subject, body]);

  const insert = (name: string) => {
    const element =
      target === 'subject' ? subjectRef.current?.input : bodyRef.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue(target) ?? '';
    const token = `{{${name}}}`;
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    form.setFieldValue(target, current.slice(0, start) + token + current.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = (values: { subject: string; body: string }) =>
    save.mutate(
      { ref, input: values },
      { onSuccess: () => notify({ type: 'success', title: t('template.saved') }) },
    );
  const askReset = () =>
    confirmAction({
      title: t('template.reset'),
      content: t('template.resetConfirm', { language: LANGUAGE_LABEL[template.language] }),
      danger: true,
      okText: t('template.reset'),
      onOk: () =>
        reset
          .mutateAsync({ ref, input: null })
          .then(() => notify({ type: 'success', title: t('template.resetDone') })),
    });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small">
          <Flex wrap gap="small" justify="space-between" align="center" style={{ marginBottom: 12 }}>
            <Tag color={template.edited ? 'blue' : undefined}>
              {template.edited
                ? t('template.editedOn', { time: leftToRight(dateTime(template.updated_at)) })
                : t('template.shipped')}
            </Tag>
          </Flex>
          <ErrorAlert error={save.error ?? reset.error} />
          <Form form={form} layout="vertical" initialValues={template} onFinish={submit}>
            <Form.Item name="subject" label={t('template.subject')} rules={[rules.zod(shape.subject)]}>
              <Input
                ref={subjectRef}
                lang={template.language}
                dir={textDirection(template.language)}
                onFocus={() => setTarget('subject')}
              />
            </Form.Item>
            <Form.Item label={t('template.variables')} extra={t('template.variablesHelp')}>
              <Flex wrap gap={6}>
                {template.variables.map((variable) => (
                  <Button
                    key={variable.name}
                    size="small"
                    dir="ltr"
                    title={variable.sample}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(variable.name)}
                  >
                    {`{{${variable.name}}}`}
                  </Button>
                ))}
              </Flex>
            </Form.Item>
            <Form.Item name="body" label={t('template.body')} rules={[rules.zod(shape.body)]}>
              <Input.TextArea
                ref={bodyRef}
                dir="ltr"
                spellCheck={false}
                autoSize={{ minRows: 12, maxRows: 28 }}
                onFocus={() => setTarget('body')}
                style={{
                  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                  fontSize: 12,
                }}
              />
            </Form.Item>
            <Flex wrap gap="small">
              <Button
                type="primary"
                htmlType="submit"
                disabled={!changed && template.edited}
                loading={save.isPending}
              >
                {t('template.save')}
              </Button>
              <Button danger disabled={!template.edited} onClick={askReset}>
                {t('template.reset')}
              </Button>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Flex vertical gap={16}>
          <Card size="small" title={t('template.preview')}>
            <PreviewPane
              language={template.language}
              subject={preview.data?.subject}
              html={preview.data?.html}
              error={preview.isError ? preview.error : null}
            />
          </Card>
          <Card size="small" title={t('test.title')}>
            <p style={{ marginTop: 0 }}>{t('test.templateHelp')}</p>
            <TestSend
              onSend={(to) => test.mutate({ ref, body: { subject, body, to } })}
              pending={test.isPending}
              result={test.data}
              error={test.error}
            />
          </Card>
        </Flex>
      </Col>
    </Row>
  );
}

/** The mail as the server renders it, in a frame that runs nothing and reaches nothing. */
function PreviewPane({
  language,
  subject,
  html,
  error,
}: {
  language: Language;
  subject?: string;
  html?: string;
  error: unknown;
}) {
  const { t } = useTranslation('mail');
  if (error) return <ErrorAlert error={error} />;
  if (html === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap="small">
      <Typography.Text>
        <Typography.Text type="secondary">{t('template.subject')}: </Typography.Text>
        <bdi lang={language}>{subject}</bdi>
      </Typography.Text>
      <Alert type="info" showIcon title={t('template.previewNote')} />
      <iframe
        title={t('template.preview')}
        sandbox=""
        srcDoc={html}
        style={{
          width: '100%',
          height: 520,
          border: '1px solid rgba(5, 5, 5, 0.06)',
          borderRadius: 6,
          background: '#fff',
        }}
      />
    </Flex>
  );
}
