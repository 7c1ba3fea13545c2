import { UploadOutlined } from '@ant-design/icons';
import {
  BRAND_IMAGE_TYPES,
  brandImageProblem,
  DEFAULT_THEME,
  type RemoteConfig,
  themeDetailSchema,
} from '@vitrine/contract';
import { Button, Card, Col, Flex, Form, Row, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ColorField';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FileChooser } from '../../../components/FileChooser';
import { PageHeader } from '../../../components/PageHeader';
import { leftToRight } from '../../../lib/bidi';
import { readableOnWhite } from '../../../lib/contrast';
import { readAsDataUrl } from '../../../lib/files';
import { useRules } from '../../../lib/form-rules';
import { notify } from '../../../lib/notify';
import { shellColors } from '../../../lib/remote-config';
import { useBrandLogo, useBrandTheme, useSaveBrandLogo, useSaveBrandTheme } from '../api';
import '../setting.css';

type ThemeValues = { primary_color: string; nav_nackground_color: string; main_background_color: string };
type ImageField = 'customer_logo' | 'customer_icon';

/**
 * /setting/logo: the logo, the icon (favicon) and the theme colours of the console — the
 * platform's default for the system role, a customer's own for a customer — with a live preview.
 */
export function LogoPage() {
  const { t } = useTranslation(['setting', 'common']);
  return (
    <>
      <PageHeader title={t('common:route.logo')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ImageCard field="customer_logo" />
        </Col>
        <Col xs={24} lg={12}>
          <ImageCard field="customer_icon" />
        </Col>
        <Col xs={24}>
          <ThemeCard />
        </Col>
      </Row>
    </>
  );
}

function ImageCard({ field }: { field: ImageField }) {
  const { t } = useTranslation('setting');
  const logo = useBrandLogo();
  const save = useSaveBrandLogo();
  const chooser = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<unknown>(null);
  const uri = logo.data?.[field].value.uri ?? null;
  const kind = field === 'customer_logo' ? 'logo' : 'icon';

  const store = (value: string | null) => {
    setError(null);
    save.mutate(
      { [field]: value },
      { onSuccess: () => notify({ type: 'success', title: t('logo.saved') }), onError: setError },
    );
  };

  const choose = async ([file]: File[]) => {
    if (!file) return;
    const value = await readAsDataUrl(file);
    // The same checks as the server's (type by content, size), before the bytes travel.
    const problem = brandImageProblem(value);
    if (problem) {
      notify({ type: 'error', title: t(`contract:validation.logo.${problem}`) });
      return;
    }
    store(value);
  };

  return (
    <Card title={t(`logo.${kind}`)}>
      <Typography.Paragraph type="secondary">{t(`logo.${kind}Help`)}</Typography.Paragraph>
      <ErrorAlert error={error} />
      <Flex align="center" gap="middle" wrap>
        <div className={`setting-image setting-image--${kind}`}>
          {uri ? <img src={uri} alt={t(`logo.${kind}`)} /> : <span>{t('logo.default')}</span>}
        </div>
        <Space wrap>
          <Button icon={<UploadOutlined />} loading={save.isPending} onClick={() => chooser.current?.click()}>
            {t('logo.upload')}
          </Button>
          <Button disabled={!uri || save.isPending} onClick={() => store(null)}>
            {t('logo.reset')}
          </Button>
        </Space>
      </Flex>
      <FileChooser
        ref={chooser}
        accept={BRAND_IMAGE_TYPES.join(',')}
        testId={`${kind}-file`}
        onFiles={choose}
      />
    </Card>
  );
}

function ThemeCard() {
  const { t } = useTranslation('setting');
  const rules = useRules();
  const theme = useBrandTheme();
  const save = useSaveBrandTheme();
  const [form] = Form.useForm<ThemeValues>();
  const [error, setError] = useState<unknown>(null);
  const current = theme.data?.customer_theme.value.detail;
  const watched = Form.useWatch([], form) as Partial<ThemeValues> | undefined;

  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  // A primary colour white text cannot be read on is darkened in the console: say so, and to what.
  const adjusted = (primary: string | undefined) => {
    const readable = primary ? readableOnWhite(primary) : primary;
    return readable && readable !== primary
      ? t('logo.primaryAdjusted', { color: leftToRight(readable.toUpperCase()) })
      : undefined;
  };

  const submit = (detail: ThemeValues) => {
    setError(null);
    save.mutate(
      { id: 0, detail },
      { onSuccess: () => notify({ type: 'success', title: t('logo.saved') }), onError: setError },
    );
  };

  return (
    <Card title={t('logo.theme')}>
      <ErrorAlert error={error} />
      <Row gutter={[24, 16]}>
        <Col xs={24} md={10}>
          <Form<ThemeValues>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={DEFAULT_THEME.detail}
          >
            {(['primary_color', 'nav_nackground_color', 'main_background_color'] as const).map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`logo.${name}`)}
                rules={[rules.zod(themeDetailSchema.shape[name])]}
                extra={name === 'primary_color' ? adjusted(watched?.primary_color) : undefined}
              >
                <ColorField />
              </Form.Item>
            ))}
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('logo.saveTheme')}
              </Button>
              <Button onClick={() => form.setFieldsValue(DEFAULT_THEME.detail)}>
                {t('logo.resetTheme')}
              </Button>
            </Space>
          </Form>
        </Col>
        <Col xs={24} md={14}>
          <ShellPreview detail={{ ...DEFAULT_THEME.detail, ...current, ...watched }} />
        </Col>
      </Row>
    </Card>
  );
}

/** The console's frame in the chosen colours, its text by the same luminance rule as the shell. */
function ShellPreview({ detail }: { detail: ThemeValues }) {
  const { t } = useTranslation(['setting', 'common']);
  const colors = shellColors({
    customer_theme: { value: { id: 0, detail } },
  } as RemoteConfig);
  const onPrimary = shellColors({
    customer_theme: { value: { id: 0, detail: { ...detail, nav_nackground_color: colors.primary } } },
  } as RemoteConfig).navText;
  return (
    <figure className="setting-preview" aria-label={t('logo.preview')}>
      <div className="setting-preview__top" style={{ background: colors.navBg, color: colors.navText }}>
        {t('logo.preview')}
      </div>
      <div className="setting-preview__body">
        <div className="setting-preview__nav" style={{ background: colors.navBg, color: colors.navText }}>
          <span className="setting-preview__item" style={{ background: colors.primary, color: onPrimary }}>
            {t('common:route.logo')}
          </span>
          <span className="setting-preview__item">{t('common:route.customDomain')}</span>
          <span className="setting-preview__item">{t('common:route.systemProperty')}</span>
        </div>
        <div className="setting-preview__main" style={{ background: colors.bodyBg }}>
          <span className="setting-preview__button" style={{ background: colors.primary, color: onPrimary }}>
            {t('logo.saveTheme')}
          </span>
        </div>
      </div>
    </figure>
  );
}
