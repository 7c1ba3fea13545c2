import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import type { Folder, LibraryContentType } from '@vitrine/contract';
import { Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { NameDialog } from '../../../components/NameDialog';
import { notify } from '../../../lib/notify';
import { useDeleteFolder, useFolders, useSaveFolder } from '../api';

type Props = {
  /** The page's type: a folder counts only its items. */
  type: LibraryContentType;
  /** The folder shown, or none for all of them. */
  selected: number | undefined;
  onSelect: (folderId: number | null) => void;
};

type Naming = { folder: Folder | null } | null;

/** A folder's name as shown: the default folder is named in the reader's language. */
export function useFolderName() {
  const { t } = useTranslation('content');
  return (folder: Folder) => (folder.is_default ? t('folder.default') : folder.name);
}

type RowProps = { label: string; count?: number; active: boolean; onClick: () => void; children?: ReactNode };

function FolderRow({ label, count, active, onClick, children }: RowProps) {
  return (
    <li className={active ? 'content-folder is-active' : 'content-folder'}>
      <button
        type="button"
        className="content-folder__name"
        aria-current={active || undefined}
        onClick={onClick}
      >
        <Typography.Text ellipsis>{label}</Typography.Text>
        {count === undefined ? null : <Typography.Text type="secondary">{count}</Typography.Text>}
      </button>
      {children}
    </li>
  );
}

/** The workspace's folders: pick one to show; create, rename and delete all but the default one. */
export function FolderPanel({ type, selected, onSelect }: Props) {
  const { t } = useTranslation('content');
  const folders = useFolders(type);
  const save = useSaveFolder();
  const remove = useDeleteFolder();
  const nameOf = useFolderName();
  const [naming, setNaming] = useState<Naming>(null);

  const askDelete = (folder: Folder) =>
    confirmDelete({
      content: t('folder.deleteConfirm', { name: folder.name }),
      // A refusal (the folder is not empty) has shown the server's reason; the dialog closes.
      onOk: () =>
        remove.mutateAsync(folder.folder_id).then(
          () => {
            notify({ type: 'success', title: t('folder.deleted') });
            if (selected === folder.folder_id) onSelect(null);
          },
          () => undefined,
        ),
    });

  return (
    <nav className="content-folders" aria-label={t('folder.title')}>
      <Flex align="center" justify="space-between" className="content-folders__head">
        <Typography.Text strong>{t('folder.title')}</Typography.Text>
        <IconAction
          label={t('folder.add')}
          icon={<FolderAddOutlined />}
          onClick={() => setNaming({ folder: null })}
        />
      </Flex>
      {folders.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : (
        <ul className="content-folders__list">
          <FolderRow label={t('folder.all')} active={selected === undefined} onClick={() => onSelect(null)} />
          {(folders.data ?? []).map((folder) => (
            <FolderRow
              key={folder.folder_id}
              label={nameOf(folder)}
              count={folder.count}
              active={selected === folder.folder_id}
              onClick={() => onSelect(folder.folder_id)}
            >
              {folder.is_default ? null : (
                <span className="content-folder__actions">
                  <IconAction
                    label={t('folder.rename', { name: folder.name })}
                    icon={<EditOutlined />}
                    onClick={() => setNaming({ folder })}
                  />
                  <IconAction
                    label={t('folder.delete', { name: folder.name })}
                    icon={<DeleteOutlined />}
                    onClick={() => askDelete(folder)}
                    danger
                  />
                </span>
              )}
            </FolderRow>
          ))}
        </ul>
      )}
      <NameDialog
        open={naming !== null}
        title={naming?.folder ? t('folder.renameTitle') : t('folder.addTitle')}
        label={t('folder.name')}
        initial={naming?.folder?.name}
        onClose={() => setNaming(null)}
        onSubmit={(name) => save.mutateAsync({ folderId: naming?.folder?.folder_id, name })}
      />
    </nav>
  );
}
