import { CONTENT_TYPE_PERMISSION, type LibraryContentType, type Permission } from '@vitrine/contract';
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/Tabs';
import { useLayoutMode } from '../../../lib/layout-mode';
import { hasPermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { type DraftItem, type ItemKind, TYPE_OF_KIND } from '../items';
import { ContentPanel, PlaylistPanel, TextPanel } from './PickerPanels';

type Props = {
  open: boolean;
  /** The playlist being edited (0 while new): it cannot hold itself. */
  playlistId: number;
  onClose: () => void;
  onAdd: (items: DraftItem[]) => void;
};

type Tab = { kind: ItemKind; permission: Permission };
const CONTENT_TABS = ['image', 'video', 'document', 'music', 'website', 'stream', 'h5'] as const;
const TABS: readonly Tab[] = [
  ...CONTENT_TABS.map((kind) => ({
    kind,
    permission: CONTENT_TYPE_PERMISSION[TYPE_OF_KIND[kind] as LibraryContentType],
  })),
  { kind: 'text', permission: 'res:text:list' },
  { kind: 'playlist', permission: 'res:playlist:list' },
];

/**
 * "Add content": the library by type (and text messages, and other playlists), searched and paged
 * tab by tab; what is ticked stays ticked across tabs and is added in the order it was ticked.
 */
export function ContentPicker({ open, playlistId, onClose, onAdd }: Props) {
  const { t } = useTranslation('playlist');
  const { mobile } = useLayoutMode();
  const held = useSession().permissions;
  const tabs = TABS.filter((tab) => hasPermission(held, tab.permission));
  const [active, setActive] = useState<ItemKind>(tabs[0]?.kind ?? 'image');
  const [picked, setPicked] = useState<ReadonlyMap<string, DraftItem>>(new Map());

  const toggle = (key: string, make: () => DraftItem) =>
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(key)) next.delete(key);
      else next.set(key, make());
      return next;
    });
  const close = () => {
    setPicked(new Map());
    onClose();
  };
  const add = () => {
    onAdd([...picked.values()]);
    close();
  };
  const panel = { picked, onToggle: toggle };

  return (
    <Modal
      open={open}
      title={t('picker.title')}
      width={mobile ? '100%' : 960}
      onCancel={close}
      destroyOnHidden
      footer={
        <Flex justify="space-between" align="center" wrap gap="small">
          <Typography.Text type="secondary">{t('picker.selected', { count: picked.size })}</Typography.Text>
          <Flex gap="small">
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="primary" disabled={picked.size === 0} onClick={add}>
              {t('picker.add', { count: picked.size })}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key as ItemKind)}
        items={tabs.map((tab) => ({ key: tab.kind, label: t(`tab.${tab.kind}`) }))}
      />
      {active === 'text' ? (
        <TextPanel {...panel} />
      ) : active === 'playlist' ? (
        <PlaylistPanel {...panel} self={playlistId} />
      ) : (
        <ContentPanel key={active} {...panel} type={TYPE_OF_KIND[active]} />
      )}
    </Modal>
  );
}
