import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { STARTUP_ACCEPT, STARTUP_KINDS, type StartupKind, type StartupMedia } from '@vitrine/contract';
import { Button, Card, Empty, Flex, Progress, Skeleton, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { FileChooser } from '../../../components/FileChooser';
import { formatDimensions, formatMeta, formatSize } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  type SendProgress,
  type StartupOwner,
  sendStartupFile,
  startupKeys,
  useClearStartup,
  useStartup,
} from '../api';
import '../startup.css';

type Props = {
  owner: StartupOwner;
  /** False: shown only (a company's members other than its owner see what their screens start with). */
  editable: boolean;
};

/** The owner's startup video and logo, each previewed with what was checked, to replace or remove. */
export function StartupMediaPanel({ owner, editable }: Props) {
  const { t } = useTranslation('startup');
  const setting = useStartup(owner);
  return (
    <Flex vertical gap="middle">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('company' in owner ? 'intro.company' : 'intro.model')}
      </Typography.Paragraph>
      <ErrorAlert error={setting.error} />
      {STARTUP_KINDS.map((kind) => (
        <KindCard
          key={kind}
          owner={owner}
          kind={kind}
          media={setting.data?.[kind] ?? null}
          loading={setting.isPending}
          editable={editable}
        />
      ))}
    </Flex>
  );
}

type KindProps = {
  owner: StartupOwner;
  kind: StartupKind;
  media: StartupMedia | null;
  loading: boolean;
  editable: boolean;
};

function KindCard({ owner, kind, media, loading, editable }: KindProps) {
  const { t } = useTranslation('startup');
  const queryClient = useQueryClient();
  const clear = useClearStartup(owner);
  const chooser = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState<SendProgress | null>(null);
  const [error, setError] = useState<unknown>(null);

  const send = async ([file]: File[]) => {
    if (!file) return;
    setError(null);
    setSending({ hashing: true, progress: 0 });
    try {
      await sendStartupFile(owner, kind, file, setSending);
      await queryClient.invalidateQueries({ queryKey: startupKeys.of(owner) });
      notify({ type: 'success', title: t(`saved.${kind}`) });
    } catch (refusal) {
      setError(refusal);
    } finally {
      setSending(null);
    }
  };

  const remove = () =>
    confirmAction({
      content: t(`removeConfirm.${kind}`),
      okText: t('remove'),
      danger: true,
      onOk: () =>
        clear.mutateAsync(kind).then(
          () => notify({ type: 'success', title: t(`removed.${kind}`) }),
          (refusal: unknown) => setError(refusal),
        ),
    });

  const busy = sending !== null || clear.isPending;
  return (
    <Card size="small" title={t(`title.${kind}`)} data-testid={`startup-${kind}`}>
      <Typography.Paragraph type="secondary">{t(`rule.${kind}`)}</Typography.Paragraph>
      <ErrorAlert error={error} />
      {loading ? (
        <Skeleton.Image active />
      ) : media ? (
        <Flex gap="middle" wrap align="flex-start">
          <div className="startup-preview">
            {kind === 'video' ? (
              <video src={media.url} controls muted preload="metadata" aria-label={t('title.video')} />
            ) : (
              <img src={media.url} alt={t('title.logo')} />
            )}
          </div>
          <MediaFacts media={media} />
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`none.${kind}`)} />
      )}
      {sending ? (
        <div role="status" aria-live="polite">
          <Typography.Text type="secondary">{t(sending.hashing ? 'hashing' : 'sending')}</Typography.Text>
          <Progress percent={sending.progress} aria-label={t(sending.hashing ? 'hashing' : 'sending')} />
        </div>
      ) : null}
      {editable ? (
        <Space wrap style={{ marginTop: 12 }}>
          <Button
            icon={<UploadOutlined />}
            loading={sending !== null}
            disabled={busy}
            onClick={() => chooser.current?.click()}
          >
            {t(media ? 'replace' : 'upload')}
          </Button>
          {media ? (
            <Button danger icon={<DeleteOutlined />} disabled={busy} onClick={remove}>
              {t('remove')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      <FileChooser
        ref={chooser}
        accept={STARTUP_ACCEPT[kind]}
        testId={`startup-${kind}-file`}
        onFiles={send}
      />
    </Card>
  );
}

/**
 * The file's name, size, resolution and (for the video) its length and frame rate, as checked. The
 * measures read left to right in Arabic too (1920 × 1080 is not 1080 × 1920); the name as it is.
 */
function MediaFacts({ media }: { media: StartupMedia }) {
  const { t } = useTranslation('startup');
  const facts: [string, string, 'ltr' | 'auto'][] = [
    [t('fact.file'), media.file_name, 'auto'],
    [t('fact.size'), formatSize(media.size), 'ltr'],
    [t('fact.resolution'), formatDimensions(media.width, media.height) ?? '', 'ltr'],
  ];
  if (media.duration !== null)
    facts.push([t('fact.duration'), t('seconds', { seconds: media.duration }), 'auto']);
  if (media.frame_rate !== null)
    facts.push([t('fact.frameRate'), formatMeta('frameRate', media.frame_rate), 'ltr']);
  return (
    <dl className="startup-facts">
      {facts.map(([label, value, dir]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>
            <bdi dir={dir}>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
