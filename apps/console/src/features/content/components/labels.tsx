import {
  CustomerServiceOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  GlobalOutlined,
  Html5Outlined,
  PlayCircleOutlined,
  SyncOutlined,
  VideoCameraOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { type ContentItem, ContentType, type LibraryContentType } from '@vitrine/contract';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/thumb.css';
import { KIND_OF } from '../library';

// How an item reads on screen: its processing state, and its picture (thumbnail or type icon).

/** One more fact a page built on the library shows of each item: on its card, and as a column. */
export type ItemFact = { title: string; render: (item: ContentItem) => ReactNode };

const TYPE_ICONS: Record<LibraryContentType, ReactNode> = {
  [ContentType.image]: <FileImageOutlined />,
  [ContentType.video]: <VideoCameraOutlined />,
  [ContentType.website]: <GlobalOutlined />,
  [ContentType.document]: <FilePdfOutlined />,
  [ContentType.music]: <CustomerServiceOutlined />,
  [ContentType.stream]: <PlayCircleOutlined />,
  [ContentType.h5]: <Html5Outlined />,
};

/** processing / failed / ready; a problem (what screens cannot play) as a warning with its message. */
export function StateTag({ item }: { item: Pick<ContentItem, 'state' | 'problem'> }) {
  const { t } = useTranslation(['content', 'contract']);
  const problem = item.problem ? t(`contract:${item.problem}`) : null;
  if (item.state === 'processing') {
    return (
      <Tag color="processing" icon={<SyncOutlined spin />}>
        {t('state.processing')}
      </Tag>
    );
  }
  if (item.state === 'failed') {
    return (
      <Tooltip title={problem}>
        <Tag color="error" aria-description={problem ?? undefined}>
          {t('state.failed')}
        </Tag>
      </Tooltip>
    );
  }
  if (problem) {
    return (
      <Tooltip title={problem}>
        <Tag color="warning" icon={<WarningOutlined />} aria-description={problem}>
          {t('state.warning')}
        </Tag>
      </Tooltip>
    );
  }
  return <Tag color="success">{t('state.ready')}</Tag>;
}

/** A state worth showing on a card: anything but ready without a problem. */
export const needsAttention = (item: Pick<ContentItem, 'state' | 'problem'>) =>
  item.state !== 'ready' || item.problem !== null;

const APPROVAL_COLOR: Record<ContentItem['approval_state'], string> = {
  draft: 'default',
  pending: 'gold',
  reviewing: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

type ApprovalFacts = Pick<ContentItem, 'approval_state' | 'reviewer_name' | 'reject_reason'>;

/**
 * Where an item is in its approval (spec 001 §4): its state, who reviews it, and why it was
 * rejected (`detailed`; pickers show the state alone).
 */
export function ApprovalTag({ item, detailed = true }: { item: ApprovalFacts; detailed?: boolean }) {
  const { t } = useTranslation('content');
  const tag = <Tag color={APPROVAL_COLOR[item.approval_state]}>{t(`approval.${item.approval_state}`)}</Tag>;
  const line =
    item.approval_state === 'reviewing' && item.reviewer_name
      ? { type: 'secondary' as const, text: t('approval.reviewedBy', { name: item.reviewer_name }) }
      : item.approval_state === 'rejected' && item.reject_reason
        ? { type: 'danger' as const, text: t('approval.reason', { reason: item.reject_reason }) }
        : null;
  if (!detailed || !line) return tag;
  return (
    <Flex vertical gap={2} align="start">
      {tag}
      <Typography.Text type={line.type} className="content-approval-line" dir="auto">
        {line.text}
      </Typography.Text>
    </Flex>
  );
}

/** What a picker shows of an item that cannot be chosen: its processing state, else its approval. */
export function UnusableTag({ item }: { item: ContentItem }) {
  return item.state !== 'ready' || item.problem ? (
    <StateTag item={item} />
  ) : (
    <ApprovalTag item={item} detailed={false} />
  );
}

/** Whether an item may go into schedules and programs: processed and approved. */
export const isUsable = (item: Pick<ContentItem, 'state' | 'approval_state'>) =>
  item.state === 'ready' && item.approval_state === 'approved';

/** The item's thumbnail, or its type's icon when it has none. */
export function ContentThumb({ item }: { item: Pick<ContentItem, 'type' | 'thumbnail' | 'name'> }) {
  const { t } = useTranslation('content');
  const type = item.type as LibraryContentType;
  if (item.thumbnail) {
    // A document's thumbnail is its first page: its top, where the title is, stays in view.
    const page = type === ContentType.document ? ' content-thumb__image--page' : '';
    return (
      <img className={`content-thumb__image${page}`} src={item.thumbnail} alt={item.name} loading="lazy" />
    );
  }
  return (
    <span className="content-thumb__icon" role="img" aria-label={t(`kind.${KIND_OF[type]}`)}>
      {TYPE_ICONS[type]}
    </span>
  );
}
