import {
  CONTENT_TYPE_PERMISSION,
  type ContentItem,
  type ContentType,
  type LibraryContentType,
  UPLOAD_KINDS,
} from '@vitrine/contract';
import { Checkbox, Empty, Flex, Pagination, Radio, Spin, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../../components/card-picker.css';
import { KeywordSearch } from '../../../../components/KeywordSearch';
import { Tabs } from '../../../../components/Tabs';
import { formatDimensions, formatDuration } from '../../../../lib/format';
import { hasPermission } from '../../../../lib/permissions';
import { useSession } from '../../../../lib/session';
import { useCompositionList } from '../../../composition/api';
import { useContentList } from '../../../content/api';
import { isUsable, UnusableTag } from '../../../content/ui';
import { kindOfType, usePlaylistList } from '../../../playlist/api';
import { ItemThumb } from '../../../playlist/ui';
import { UploadDropzone } from '../../../upload/ui';
import { contentTypesFor, type Draft, type ItemChoice, itemChoiceOf, type ProgramChoice } from '../draft';
import { StepAlerts } from '../EditorParts';
import { type PickSearch, usePickSearch } from '../PickParts';
import { useRefusals } from '../refusals';
import { OrientationTag } from './DeviceStep';

const PAGE_SIZE = 24;

type Props = {
  draft: Draft;
  onItems: (items: ItemChoice[]) => void;
  onProgram: (program: ProgramChoice | null) => void;
  refused: string[];
  onRefused: (messages: string[]) => void;
  /** The order is set right below (the spot editor), not in a next step. */
  orderBelow?: boolean;
};

type Card = {
  key: string;
  name: string;
  thumb: ReactNode;
  detail: ReactNode;
  checked: boolean;
  /** Why it cannot be picked (not ready). */
  disabled?: string;
  onToggle: () => void;
};

function CardGrid({ cards, single }: { cards: Card[]; single?: boolean }) {
  const { t } = useTranslation('schedule-editor');
  const Control = single ? Radio : Checkbox;
  return (
    <ul className="card-picker__grid">
      {cards.map((card) => {
        const control = (
          <Control
            className={[
              'card-pick',
              card.checked ? 'is-selected' : '',
              card.disabled ? 'is-refused' : '',
            ].join(' ')}
            checked={card.checked}
            disabled={Boolean(card.disabled)}
            onChange={card.onToggle}
            aria-label={t('content.pick', { name: card.name })}
          >
            {card.thumb}
            <Typography.Text ellipsis={{ tooltip: card.name }} className="card-pick__name" dir="auto">
              {card.name}
            </Typography.Text>
            <span className="card-pick__detail">{card.detail}</span>
          </Control>
        );
        return (
          <li key={card.key}>
            {card.disabled ? <Tooltip title={card.disabled}>{control}</Tooltip> : control}
          </li>
        );
      })}
    </ul>
  );
}

function Pages({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  return total > PAGE_SIZE ? (
    <Pagination
      className="card-picker__pages"
      size="small"
      current={page}
      pageSize={PAGE_SIZE}
      total={total}
      showSizeChanger={false}
      onChange={onPage}
    />
  ) : null;
}

const measuresOf = (item: ContentItem) =>
  [formatDimensions(item.width, item.height), item.duration === null ? null : formatDuration(item.duration)]
    .filter(Boolean)
    .join(' · ');

function LibraryPanel({ type, draft, onItems, onRefused }: Props & { type: number }) {
  const { t } = useTranslation(['schedule-editor', 'contract']);
  const view = usePickSearch(PAGE_SIZE);
  const list = useContentList({ ...view.query, type });
  const refuse = useRefusals(draft);
  const uploadable = UPLOAD_KINDS.some((kind) => kind.type === type);
  const toggle = (item: ContentItem) => {
    if (draft.items.some((chosen) => chosen.content_id === item.id)) {
      onItems(draft.items.filter((chosen) => chosen.content_id !== item.id));
      onRefused([]);
      return;
    }
    const choice = itemChoiceOf(item);
    const why = refuse.item(choice);
    onRefused(why ? [why] : []);
    if (!why) onItems([...draft.items, choice]);
  };
  const cards = (list.data?.list ?? []).map(
    (item): Card => ({
      key: String(item.id),
      name: item.name,
      thumb: <ItemThumb kind={kindOfType(item.type)} thumbnail={item.thumbnail} name={item.name} />,
      detail: !isUsable(item) || item.problem ? <UnusableTag item={item} /> : <bdi>{measuresOf(item)}</bdi>,
      checked: draft.items.some((chosen) => chosen.content_id === item.id),
      disabled:
        item.state !== 'ready'
          ? t('contract:schedule.notReady', { name: item.name })
          : item.approval_state !== 'approved'
            ? t('contract:content.notApproved', { name: item.name })
            : undefined,
      onToggle: () => toggle(item),
    }),
  );
  return (
    <div className="card-picker">
      <KeywordSearch
        id="scheduleContentSearch"
        placeholder={t('content.search')}
        width={280}
        onSearch={view.search}
      />
      <Spin spinning={list.isFetching}>
        {list.data && cards.length === 0 ? (
          uploadable && !view.keyword ? (
            // Nothing to pick yet: upload right here; what arrives shows in this list.
            <div id="scheduleUpload" className="schedule-upload">
              <Typography.Paragraph type="secondary">{t('content.emptyUpload')}</Typography.Paragraph>
              <UploadDropzone type={type as ContentType} />
            </div>
          ) : (
            <Empty description={t('content.empty')} />
          )
        ) : (
          <CardGrid cards={cards} />
        )}
      </Spin>
      <Pages total={list.data?.total ?? 0} page={view.page} onPage={view.setPage} />
    </div>
  );
}

type ProgramRow = { id: number; name: string; orientation: number; duration: number; thumbnail: ReactNode };

type ListState = { rows: ProgramRow[]; total: number; fetching: boolean; loaded: boolean };

function ProgramGrid({
  kind,
  state,
  view,
  draft,
  onProgram,
  onRefused,
}: Props & { kind: 'playlist' | 'composition'; state: ListState; view: PickSearch }) {
  const { t } = useTranslation('schedule-editor');
  const refuse = useRefusals(draft);
  const choose = (row: ProgramRow) => {
    const why = refuse.program(row);
    onRefused(why ? [why] : []);
    if (!why) onProgram({ id: row.id, name: row.name, orientation: row.orientation, duration: row.duration });
  };
  const cards = state.rows.map(
    (row): Card => ({
      key: String(row.id),
      name: row.name,
      thumb: row.thumbnail,
      detail: (
        <Flex gap={4} wrap align="center">
          <OrientationTag orientation={row.orientation} />
          <bdi>{formatDuration(row.duration)}</bdi>
        </Flex>
      ),
      checked: draft.program?.id === row.id,
      onToggle: () => choose(row),
    }),
  );
  return (
    <div className="card-picker">
      <KeywordSearch
        id="scheduleProgramSearch"
        placeholder={t('content.search')}
        width={280}
        onSearch={view.search}
      />
      <Spin spinning={state.fetching}>
        {state.loaded && cards.length === 0 ? (
          <Empty description={t(`content.empty_${kind}`)} />
        ) : (
          <CardGrid cards={cards} single />
        )}
      </Spin>
      <Pages total={state.total} page={view.page} onPage={view.setPage} />
    </div>
  );
}

function PlaylistPanel(props: Props) {
  const view = usePickSearch(PAGE_SIZE);
  const list = usePlaylistList(view.query);
  const rows = (list.data?.list ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    orientation: row.orientation,
    duration: row.duration,
    thumbnail: <ItemThumb kind="playlist" thumbnail={row.thumbnail} name={row.name} />,
  }));
  const state = { rows, total: list.data?.total ?? 0, fetching: list.isFetching, loaded: Boolean(list.data) };
  return <ProgramGrid {...props} kind="playlist" state={state} view={view} />;
}

function CompositionPanel(props: Props) {
  const view = usePickSearch(PAGE_SIZE);
  const list = useCompositionList(view.query);
  const rows = (list.data?.list ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    orientation: row.orientation,
    duration: row.duration,
    thumbnail: <ItemThumb kind="playlist" thumbnail={row.background_thumbnail_url} name={row.name} />,
  }));
  const state = { rows, total: list.data?.total ?? 0, fetching: list.isFetching, loaded: Boolean(list.data) };
  return <ProgramGrid {...props} kind="composition" state={state} view={view} />;
}

/** Step 3: library items of the kinds the type takes, or the one playlist or composition. */
export function ContentStep(props: Props) {
  const { t } = useTranslation(['schedule-editor', 'playlist']);
  const held = useSession().permissions;
  const { draft, refused } = props;
  const types = contentTypesFor(draft.type).filter((type) =>
    hasPermission(held, CONTENT_TYPE_PERMISSION[type as LibraryContentType]),
  );
  const [active, setActive] = useState<number>(types[0] ?? 1);
  const program = draft.type === 'playlist' || draft.type === 'composition' ? draft.type : null;

  return (
    <div id="scheduleContent" className="schedule-step">
      <Typography.Paragraph type="secondary">
        {program
          ? draft.program
            ? t('content.programChosen', { name: draft.program.name })
            : t(`content.choose_${program}`)
          : t(props.orderBelow ? 'content.chosenBelow' : 'content.chosen', { count: draft.items.length })}
      </Typography.Paragraph>
      <StepAlerts messages={refused} type="warning" />
      {program ? (
        program === 'playlist' ? (
          <PlaylistPanel {...props} />
        ) : (
          <CompositionPanel {...props} />
        )
      ) : types.length === 0 ? (
        <Empty description={t('content.noAccess')} />
      ) : (
        <>
          {types.length > 1 ? (
            <Tabs
              activeKey={String(active)}
              onChange={(key) => setActive(Number(key))}
              items={types.map((type) => ({
                key: String(type),
                label: t(`playlist:tab.${kindOfType(type)}`),
              }))}
            />
          ) : null}
          <LibraryPanel key={active} {...props} type={active} />
        </>
      )}
    </div>
  );
}
