import { LANGUAGE_LABEL, type MailTemplateList } from '@vitrine/contract';
import { Button, Card, Col, Flex, Result, Row, Skeleton, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { useErrorText } from '../../../lib/errors';
import { useMailTemplates } from '../api';

/** /setting/mail-index: the eight mails, the state of each language, links to their editors. */
export function MailIndexPage() {
  const { t } = useTranslation(['mail', 'common']);
  const errorText = useErrorText();
  const templates = useMailTemplates();
  return (
    <>
      <PageHeader
        title={t('common:route.mailIndex')}
        extra={
          <Link to="/setting/mailserver">
            <Button>{t('common:route.mailServer')}</Button>
          </Link>
        }
      />
      <Typography.Paragraph type="secondary">{t('index.intro')}</Typography.Paragraph>
      {templates.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : templates.isError ? (
        <Result
          status="warning"
          title={errorText(templates.error)}
          extra={<Button onClick={() => templates.refetch()}>{t('retry')}</Button>}
        />
      ) : (
        <Row gutter={[16, 16]}>
          {templates.data.map((item) => (
            <Col key={item.type} xs={24} lg={12} xxl={8}>
              <TemplateCard item={item} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}

function TemplateCard({ item }: { item: MailTemplateList[number] }) {
  const { t } = useTranslation(['mail', 'common']);
  const dateTime = useDateTime();
  const edited = item.languages.filter((state) => state.edited).length;
  const editor = `/setting/mail-index/${item.type}`;
  return (
    <Card
      size="small"
      style={{ height: '100%' }}
      title={<Link to={editor}>{t(`common:route.mailTemplate.${item.type}`)}</Link>}
      extra={<Link to={editor}>{t('index.edit')}</Link>}
    >
      <Flex vertical gap="small">
        <Typography.Text type="secondary">
          {edited ? t('index.editedCount', { edited }) : t('index.allDefault')}
        </Typography.Text>
        <Flex wrap gap={4}>
          {item.languages.map((state) => (
            <Tooltip
              key={state.language}
              title={
                state.edited
                  ? t('index.editedOn', { time: leftToRight(dateTime(state.updated_at)) })
                  : t('index.default')
              }
            >
              <Link to={`${editor}?lang=${state.language}`}>
                <Tag color={state.edited ? 'blue' : undefined} style={{ marginInlineEnd: 0 }}>
                  <span lang={state.language}>{LANGUAGE_LABEL[state.language]}</span>
                  {state.edited ? ` · ${t('index.edited')}` : ''}
                </Tag>
              </Link>
            </Tooltip>
          ))}
        </Flex>
      </Flex>
    </Card>
  );
}
