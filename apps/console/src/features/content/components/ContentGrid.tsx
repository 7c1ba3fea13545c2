import type { ContentItem } from '@vitrine/contract';
import { Card, Checkbox, Pagination, Skeleton, Typography } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Name } from '../../../components/Name';
import { formatDuration, formatSize } from '../../../lib/format';
import { type ListPatch, type ListView, tableView } from '../../../lib/list-params';
import type { ContentList } from '../api';
import { hasDuration, isFileType } from '../library';
import { type ItemActions, ItemMenu } from './ItemMenu';
import { ApprovalTag, ContentThumb, type ItemFact, needsAttention, StateTag } from './labels';
import '../../../components/card-grid.css';

type Props = {
  data: ContentList | undefined;
  loading: boolean;
  view: ListView<string>;
  onView: (patch: ListPatch) => void;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  inBin: boolean;
  actions: ItemActions;
  /** Shown instead of an empty grid. */
  empty: ReactNode;
  fact?: ItemFact;
};

const SKELETON_CARDS = 8;

/** Under the name: the file's size, or the address of a website or stream. */
function subtitleOf(item: ContentItem): string {
  if (isFileType(item.type)) return formatSize(item.size);
  return item.link ?? '';
}

type CardProps = {
  item: ContentItem;
  checked: boolean;
  onCheck: () => void;
  inBin: boolean;
  actions: ItemActions;
  fact?: ItemFact;
};

function ContentCard({ item, checked, onCheck, inBin, actions, fact }: CardProps) {
  const { t } = useTranslation('content');
  return (
    <li>
      <Card
        size="small"
        className={checked ? 'content-card is-selected' : 'content-card'}
        cover={
          <button
            type="button"
            className="content-thumb content-card__thumb"
            onClick={() => actions.preview(item)}
            aria-label={t('action.previewNamed', { name: item.name })}
          >
            <ContentThumb item={item} />
            {hasDuration(item.type) && item.duration !== null ? (
              <span className="content-card__duration">{formatDuration(item.duration)}</span>
            ) : null}
          </button>
        }
      >
        <Checkbox
          className="content-card__check"
          checked={checked}
          onChange={onCheck}
          aria-label={t('action.select', { name: item.name })}
        />
        <Typography.Text strong ellipsis={{ tooltip: item.name }} className="content-card__name">
          <Name>{item.name}</Name>
        </Typography.Text>
        {fact ? <div className="content-card__fact">{fact.render(item)}</div> : null}
        {item.approval_state === 'approved' ? null : (
          <div className="content-card__fact">
            <ApprovalTag item={item} />
          </div>
        )}
        <div className="content-card__meta">
          <Typography.Text type="secondary" ellipsis className="content-card__subtitle">
            <bdi>{subtitleOf(item)}</bdi>
          </Typography.Text>
          {needsAttention(item) ? <StateTag item={item} /> : null}
          <ItemMenu item={item} inBin={inBin} actions={actions} />
        </div>
      </Card>
    </li>
  );
}

/** The library as cards: thumbnail (or type icon), name, size or address, duration, state. */
export function ContentGrid({
  data,
  loading,
  view,
  onView,
  selected,
  onSelect,
  inBin,
  actions,
  empty,
  fact,
}: Props) {
  const { t } = useTranslation('content');
  if (loading) {
    return (
      <div className="content-grid" aria-busy="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Card key={index} size="small" cover={<Skeleton.Node active className="content-thumb" />}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (!data?.list.length) return <>{empty}</>;
  const toggle = (id: number) =>
    onSelect(selected.includes(id) ? selected.filter((key) => key !== id) : [...selected, id]);
  const { pagination } = tableView<ContentItem>(view, onView, data.total, (total) =>
    t('list.total', { total }),
  );
  return (
    <>
      <ul className="content-grid">
        {data.list.map((item) => (
          <ContentCard
            key={item.id}
            item={item}
            checked={selected.includes(item.id)}
            onCheck={() => toggle(item.id)}
            inBin={inBin}
            actions={actions}
            fact={fact}
          />
        ))}
      </ul>
      {pagination ? (
        <Pagination
          {...pagination}
          className="content-grid__pages"
          onChange={(page, size) => onView(size !== view.page_size ? { page_size: size } : { page })}
        />
      ) : null}
    </>
  );
}
