import { type ContentItem, ContentType } from '@vitrine/contract';
import { Alert, Descriptions, type DescriptionsProps, Empty, Image, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../components/labels';
import { formatDimensions, formatDuration, formatMeta, formatSize, metaKey } from '../../../lib/format';
import { useLayoutMode } from '../../../lib/layout-mode';
import { H5Frame } from '../../template/ui';
import { useContentItem } from '../api';
import { isFileType } from '../library';
import { StateTag } from './labels';
import { StreamPlayer } from './StreamPlayer';
import { WebsiteFrame } from './WebsiteFrame';

const PREVIEW_WIDTH = 960;

/** In place of a file that cannot be shown (yet). */
function NotShown({ item }: { item: ContentItem }) {
  const { t } = useTranslation('content');
  return item.state === 'processing' ? (
    <Alert type="info" showIcon title={t('preview.notReady')} />
  ) : (
    <Empty description={t('preview.unavailable')} />
  );
}

/** The item itself: image viewer, video and audio players, PDF, website frame, stream or H5 page. */
function MediaView({ item }: { item: ContentItem }) {
  const { t } = useTranslation(['content', 'contract']);
  if (item.type === ContentType.website && item.link) {
    return <WebsiteFrame link={item.link} zoom={item.zoom ?? 1} title={item.name} />;
  }
  if (item.type === ContentType.stream && item.link)
    return <StreamPlayer link={item.link} title={item.name} />;
  // A package shows its extracted entry page, never the zip.
  if (item.type === ContentType.h5) {
    return item.entry_url ? (
      <H5Frame url={item.entry_url} title={item.name} width={item.width} height={item.height} />
    ) : (
      <NotShown item={item} />
    );
  }
  if (!item.url) return <NotShown item={item} />;
  switch (item.type) {
    case ContentType.image:
      return (
        <div className="content-preview__image">
          <Image src={item.url} alt={item.name} preview={{ mask: t('preview.zoom') }} />
        </div>
      );
    case ContentType.video:
      return (
        // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without caption tracks
        <video
          className="content-preview__media"
          src={item.url}
          poster={item.thumbnail ?? undefined}
          title={item.name}
          controls
          playsInline
        />
      );
    case ContentType.music:
      // biome-ignore lint/a11y/useMediaCaption: uploaded music comes without caption tracks
      return <audio className="content-preview__audio" src={item.url} title={item.name} controls />;
    default:
      // Documents are PDFs (Office files are converted on upload): the browser's own viewer shows them.
      return <iframe className="content-preview__document" src={item.url} title={item.name} />;
  }
}

/** Name, measures, codecs and the rest of what the server knows about the item. */
function ContentDetails({ item }: { item: ContentItem }) {
  const { t } = useTranslation('content');
  const dateTime = useDateTime();
  const row = (key: string, label: string, value: ReactNode) =>
    value === null || value === undefined || value === '' ? [] : [{ key, label, children: value }];
  const items: DescriptionsProps['items'] = [
    ...row('name', t('field.name'), item.name),
    ...row('state', t('field.state'), <StateTag item={item} />),
    ...row('size', t('field.size'), isFileType(item.type) ? formatSize(item.size) : null),
    ...row('dimensions', t('field.dimensions'), formatDimensions(item.width, item.height)),
    ...row('duration', t('field.duration'), item.duration === null ? null : formatDuration(item.duration)),
    ...row('mime', t('field.mime'), item.mime),
    ...Object.entries(item.meta).flatMap(([key, value]) =>
      row(`meta-${key}`, t(`meta.${metaKey(key)}`, { defaultValue: key }), formatMeta(key, value)),
    ),
    ...row('link', t('field.link'), item.link),
    ...row(
      'refresh',
      t('field.refresh'),
      item.type === ContentType.website && item.refresh_seconds !== null
        ? String(item.refresh_seconds)
        : null,
    ),
    ...row(
      'zoom',
      t('field.zoom'),
      item.type === ContentType.website && item.zoom !== null ? `${Math.round(item.zoom * 100)} %` : null,
    ),
    ...row('uploader', t('field.uploader'), item.uploader_name),
    ...row('createdAt', t('field.createdAt'), dateTime(item.created_at)),
    ...row('updatedAt', t('field.updatedAt'), dateTime(item.updated_at)),
  ];
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} items={items} className="content-preview__details" />
  );
}

type Props = {
  /** The item to show, or null when closed. */
  id: number | null;
  /** The item as the list has it, shown while its details load. */
  known?: ContentItem;
  onClose: () => void;
};

/** Shows an item in a dialog with its details; follows a processing item until it is ready. */
export function PreviewModal({ id, known, onClose }: Props) {
  const { t } = useTranslation(['content', 'contract']);
  const { mobile } = useLayoutMode();
  const query = useContentItem(id, known);
  const item = query.data;
  const problem = item?.problem ? t(`contract:${item.problem}`) : null;
  return (
    <Modal
      open={id !== null}
      title={item?.name ?? t('preview.title')}
      onCancel={onClose}
      footer={null}
      width={mobile ? '100%' : PREVIEW_WIDTH}
      centered={!mobile}
      destroyOnHidden
    >
      {problem ? (
        <Alert
          type={item?.state === 'failed' ? 'error' : 'warning'}
          showIcon
          title={problem}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {item ? (
        <>
          <MediaView item={item} />
          <ContentDetails item={item} />
        </>
      ) : query.isError ? (
        <Empty description={t('preview.unavailable')} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}
