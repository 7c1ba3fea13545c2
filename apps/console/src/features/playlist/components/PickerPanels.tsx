import type { ContentItem } from '@vitrine/contract';
import { Checkbox, Empty, Pagination, Spin, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeywordSearch } from '../../../components/KeywordSearch';
import '../../../components/card-picker.css';
import { formatDimensions, formatDuration } from '../../../lib/format';
import { useContentList } from '../../content/api';
import { isUsable, UnusableTag } from '../../content/ui';
import { useTextList } from '../../text/api';
import { usePlaylistList } from '../api';
import {
  type DraftItem,
  draftOfContent,
  draftOfPlaylist,
  draftOfText,
  type ItemKind,
  kindOfType,
  pickKey,
} from '../items';
import { ItemThumb } from './ItemThumb';

/** Rows a picker page shows. */
const PICK_PAGE_SIZE = 24;

type PanelProps = {
  picked: ReadonlyMap<string, DraftItem>;
  onToggle: (key: string, make: () => DraftItem) => void;
};

/** A row of a picker tab, whatever it lists. */
type Choice = {
  key: string;
  name: string;
  kind: ItemKind;
  thumbnail: string | null;
  /** Under the name: a length, a count, a state. */
  detail: ReactNode;
  /** Why it cannot be added, if it cannot. */
  refused?: string;
  make: () => DraftItem;
};

type GridProps = PanelProps & {
  id: string;
  choices: Choice[] | undefined;
  total: number;
  loading: boolean;
  keyword: string;
  page: number;
  onSearch: (keyword: string) => void;
  onPage: (page: number) => void;
};

function PickGrid({
  id,
  choices,
  total,
  loading,
  keyword,
  page,
  onSearch,
  onPage,
  picked,
  onToggle,
}: GridProps) {
  const { t } = useTranslation('playlist');
  return (
    <div className="card-picker">
      <KeywordSearch
        id={id}
        keyword={keyword || undefined}
        placeholder={t('picker.search')}
        width={280}
        onSearch={onSearch}
      />
      <Spin spinning={loading}>
        {choices && choices.length === 0 ? (
          <Empty description={keyword ? t('picker.noMatch') : t('picker.empty')} />
        ) : (
          <ul className="card-picker__grid">
            {(choices ?? []).map((choice) => {
              const checked = picked.has(choice.key);
              // The whole card is the checkbox's label: a click anywhere on it ticks it.
              const card = (
                <Checkbox
                  className={[
                    'card-pick',
                    checked ? 'is-selected' : '',
                    choice.refused ? 'is-refused' : '',
                  ].join(' ')}
                  checked={checked}
                  disabled={Boolean(choice.refused)}
                  onChange={() => onToggle(choice.key, choice.make)}
                  aria-label={t('picker.pick', { name: choice.name })}
                >
                  <ItemThumb kind={choice.kind} thumbnail={choice.thumbnail} name={choice.name} />
                  <Typography.Text ellipsis={{ tooltip: choice.name }} className="card-pick__name" dir="auto">
                    {choice.name}
                  </Typography.Text>
                  <span className="card-pick__detail">{choice.detail}</span>
                </Checkbox>
              );
              return (
                <li key={choice.key}>
                  {choice.refused ? <Tooltip title={choice.refused}>{card}</Tooltip> : card}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {total > PICK_PAGE_SIZE ? (
        <Pagination
          className="card-picker__pages"
          size="small"
          current={page}
          pageSize={PICK_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={onPage}
        />
      ) : null}
    </div>
  );
}

/** Size and length, where an item has them: "1920 × 1080 · 0:12". */
const measuresOf = (item: ContentItem) =>
  [formatDimensions(item.width, item.height), item.duration === null ? null : formatDuration(item.duration)]
    .filter(Boolean)
    .join(' · ');

/** The keyword and page of one tab, kept while the picker is open on that tab. */
function usePickPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  return {
    keyword,
    page,
    onSearch: (next: string) => {
      setKeyword(next);
      setPage(1);
    },
    onPage: setPage,
    query: { keyword: keyword || undefined, page, page_size: PICK_PAGE_SIZE },
  };
}

export function ContentPanel({ type, ...panel }: PanelProps & { type: number }) {
  const { t } = useTranslation('playlist');
  const view = usePickPage();
  const list = useContentList({ ...view.query, type });
  const choices = list.data?.list.map(
    (item): Choice => ({
      key: pickKey('content', item.id),
      name: item.name,
      kind: kindOfType(item.type),
      thumbnail: item.thumbnail,
      detail: !isUsable(item) || item.problem ? <UnusableTag item={item} /> : <bdi>{measuresOf(item)}</bdi>,
      // The server refuses what is not ready (still processing or failed) or not approved with these messages.
      refused:
        item.state !== 'ready'
          ? t('contract:playlist.notReady', { name: item.name })
          : item.approval_state !== 'approved'
            ? t('contract:content.notApproved', { name: item.name })
            : undefined,
      make: () => draftOfContent(item),
    }),
  );
  return (
    <PickGrid
      {...panel}
      {...view}
      id="playlistPickerContent"
      choices={choices}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
    />
  );
}

export function TextPanel(panel: PanelProps) {
  const view = usePickPage();
  const list = useTextList(view.query);
  const choices = list.data?.list.map(
    (item): Choice => ({
      key: pickKey('text', item.id),
      name: item.title,
      kind: 'text',
      thumbnail: null,
      detail: (
        <Typography.Text type="secondary" ellipsis dir="auto">
          {item.content}
        </Typography.Text>
      ),
      make: () => draftOfText(item),
    }),
  );
  return (
    <PickGrid
      {...panel}
      {...view}
      id="playlistPickerText"
      choices={choices}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
    />
  );
}

export function PlaylistPanel({ self, ...panel }: PanelProps & { self: number }) {
  const { t } = useTranslation('playlist');
  const view = usePickPage();
  const list = usePlaylistList(view.query);
  const choices = list.data?.list.map(
    (item): Choice => ({
      key: pickKey('playlist', item.id),
      name: item.name,
      kind: 'playlist',
      thumbnail: item.thumbnail,
      detail: `${t('list.items', { count: item.item_count })} · ${formatDuration(item.duration)}`,
      refused: item.id === self ? t('picker.self') : undefined,
      make: () => draftOfPlaylist(item),
    }),
  );
  return (
    <PickGrid
      {...panel}
      {...view}
      id="playlistPickerPlaylist"
      choices={choices}
      total={list.data?.total ?? 0}
      loading={list.isFetching}
    />
  );
}
