import { MoreOutlined } from '@ant-design/icons';
import type { ContentItem } from '@vitrine/contract';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFileType } from '../library';

/** What can be done to items of a library page; the grid and the table offer the same. */
export type ItemActions = {
  busy: boolean;
  preview: (item: ContentItem) => void;
  /** Files get a new name; websites and streams open their form. */
  edit: (item: ContentItem) => void;
  download: (item: ContentItem) => void;
  move: (items: ContentItem[]) => void;
  remove: (items: ContentItem[]) => void;
  restore: (items: ContentItem[]) => void;
  purge: (items: ContentItem[]) => void;
  /** A file whose processing failed is processed again. */
  reprocess: (item: ContentItem) => void;
  /** Its creator sends a rejected or withdrawn item to approval again, or takes back a waiting one. */
  approval: (item: ContentItem, step: 'submit' | 'withdraw') => void;
  /** Who is signed in: only an item's creator submits or withdraws it. */
  userId: number | undefined;
  /** What a page built on the library adds to an item's menu (outside the recycle bin). */
  more?: (item: ContentItem) => { key: string; label: string; onClick: () => void }[];
};

type Props = { item: ContentItem; inBin: boolean; actions: ItemActions };

/** What the item's creator may do with its approval now. */
function approvalSteps(item: ContentItem, actions: ItemActions): ('submit' | 'withdraw')[] {
  if (actions.userId === undefined || item.uploader_id !== actions.userId) return [];
  if (item.approval_state === 'rejected' || item.approval_state === 'withdrawn') return ['submit'];
  if (item.approval_state === 'pending' || item.approval_state === 'reviewing') return ['withdraw'];
  return [];
}

/** An item's menu: preview, rename or edit, download, move, delete; in the bin restore and purge. */
export function ItemMenu({ item, inBin, actions }: Props) {
  const { t } = useTranslation('content');
  const file = isFileType(item.type);
  const preview = { key: 'preview', label: t('action.preview'), onClick: () => actions.preview(item) };
  const items: MenuProps['items'] = inBin
    ? [
        preview,
        { key: 'restore', label: t('action.restore'), onClick: () => actions.restore([item]) },
        { type: 'divider' },
        { key: 'purge', danger: true, label: t('action.purge'), onClick: () => actions.purge([item]) },
      ]
    : [
        preview,
        file
          ? { key: 'rename', label: t('action.rename'), onClick: () => actions.edit(item) }
          : { key: 'edit', label: t('action.edit'), onClick: () => actions.edit(item) },
        ...(file && item.state === 'failed'
          ? [{ key: 'reprocess', label: t('action.reprocess'), onClick: () => actions.reprocess(item) }]
          : []),
        ...approvalSteps(item, actions).map((step) => ({
          key: step,
          label: t(`action.${step}`),
          onClick: () => actions.approval(item, step),
        })),
        ...(actions.more?.(item) ?? []),
        ...(file
          ? [{ key: 'download', label: t('action.download'), onClick: () => actions.download(item) }]
          : []),
        { key: 'move', label: t('action.move'), onClick: () => actions.move([item]) },
        { type: 'divider' },
        { key: 'delete', danger: true, label: t('action.delete'), onClick: () => actions.remove([item]) },
      ];
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={t('action.more', { name: item.name })}
        disabled={actions.busy}
      />
    </Dropdown>
  );
}
