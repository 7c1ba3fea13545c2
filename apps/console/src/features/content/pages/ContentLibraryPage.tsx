import { PlusOutlined } from '@ant-design/icons';
import type { ContentItem, LibraryContentType } from '@vitrine/contract';
import { Button, Flex, Typography } from 'antd';
import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NameDialog } from '../../../components/NameDialog';
import { PageHeader } from '../../../components/PageHeader';
import { useLayoutMode } from '../../../lib/layout-mode';
import type { ListPatch } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { UploadDropzone } from '../../upload/ui';
import {
  downloadContent,
  useContentApprovalStep,
  useContentList,
  useRenameContent,
  useReprocessContent,
} from '../api';
import { ContentGrid } from '../components/ContentGrid';
import { ContentTable } from '../components/ContentTable';
import { FolderPanel } from '../components/FolderPanel';
import type { ItemActions } from '../components/ItemMenu';
import { LibraryEmpty } from '../components/LibraryEmpty';
import { LibraryToolbar } from '../components/LibraryToolbar';
import { LinkDrawer } from '../components/LinkDrawer';
import type { ItemFact } from '../components/labels';
import { MoveDialog } from '../components/MoveDialog';
import { PreviewModal } from '../components/PreviewModal';
import { useContentRemoval } from '../components/use-content-removal';
import '../components/content.css';
import { isFileType, isLinkType, KIND_OF } from '../library';
import { useLayoutChoice } from '../use-layout-choice';
import { type LibraryQuery, useLibraryView } from '../use-library-view';

const idOf = (raw: string | null): number | null => {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
};

/** What a page built on the library adds to it (the mobile templates: their template type). */
export type LibraryExtension = {
  /** Under the drop zone: what the files must be. */
  help?: ReactNode;
  /** Above the items, e.g. tabs; `onChange` changes the view as the toolbar does. */
  filters?: (query: LibraryQuery, onChange: (patch: ListPatch) => void) => ReactNode;
  more?: ItemActions['more'];
  fact?: ItemFact;
};

/**
 * One library page per content type (/content/image, video, document, music, website, stream,
 * and with an extension /content/tmp): folders, upload or add, search and filters, grid or table, recycle bin, preview. The address
 * holds the view; `action=add` opens the file chooser or the add form, `id` an item's preview and
 * `filter` fills the search (spec 000 §2).
 */
export function ContentLibraryPage({
  type,
  extension,
}: {
  type: LibraryContentType;
  extension?: LibraryExtension;
}) {
  const { t } = useTranslation(['content', 'common']);
  const { view, query, update, params, inBin } = useLibraryView(type);
  const list = useContentList(query);
  const rename = useRenameContent();
  const approvalStep = useContentApprovalStep();
  const reprocess = useReprocessContent();
  const userId = useSession().user?.user_id;
  const [layout, setLayout] = useLayoutChoice();
  const [selected, setSelected] = useState<Key[]>([]);
  const [renaming, setRenaming] = useState<ContentItem | null>(null);
  const [editing, setEditing] = useState<ContentItem | null>(null);
  const [moving, setMoving] = useState<ContentItem[]>([]);
  const removal = useContentRemoval(() => setSelected([]));
  const uploadArea = useRef<HTMLDivElement>(null);
  const { mobile } = useLayoutMode();

  const kind = KIND_OF[type];
  const file = isFileType(type);
  const action = params.get('action');
  const filter = params.get('filter');
  const previewId = idOf(params.get('id'));
  const adding = isLinkType(type) && action === 'add';
  const items = list.data?.list ?? [];
  const chosen = items.filter((item) => selected.includes(item.id));
  const filtered = Boolean(query.keyword || query.uploader_id || query.days || query.template_type_id);

  /** A change of view that keeps the page (opening and closing dialogs). */
  const keepPage = (patch: ListPatch, replace = false) => update({ ...patch, page: view.page }, replace);
  const changeView = (patch: ListPatch) => {
    if ('deleted' in patch || 'folder_id' in patch) setSelected([]);
    update(patch);
  };

  // Browsers open a file chooser only right after a click: from the button here, or from the
  // click on another page that led to ?action=add. Otherwise the drop zone at least comes into view.
  const chooseFiles = () => {
    uploadArea.current?.scrollIntoView?.({ block: 'nearest' });
    uploadArea.current?.querySelector<HTMLInputElement>('input[type="file"]')?.click();
  };

  useEffect(() => {
    if (filter !== null) update({ keyword: filter, filter: null }, true);
  }, [filter, update]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address asks, once
  useEffect(() => {
    if (action !== 'add' || !file) return;
    chooseFiles();
    keepPage({ action: null }, true);
  }, [action, file]);

  const actions: ItemActions = {
    busy: removal.busy || approvalStep.isPending || reprocess.isPending,
    preview: (item) => keepPage({ id: item.id }),
    edit: (item) => (file ? setRenaming(item) : setEditing(item)),
    // A failed download has shown the server's notice already.
    download: (item) => void downloadContent(item).catch(() => undefined),
    move: setMoving,
    remove: removal.remove,
    restore: removal.restore,
    purge: removal.purge,
    // A refusal (the file gone: upload it again) has shown the server's notice already.
    reprocess: (item) =>
      reprocess.mutate(item.id, {
        onSuccess: () => notify({ type: 'success', title: t('action.reprocessing') }),
      }),
    // A refusal has shown the server's notice already.
    approval: (item, step) =>
      approvalStep.mutate(
        { id: item.id, step },
        {
          onSuccess: () =>
            notify({
              type: 'success',
              title: t(step === 'submit' ? 'approval.submitted' : 'approval.withdrawnNotice'),
            }),
        },
      ),
    userId,
    more: extension?.more,
  };

  const empty = (
    <LibraryEmpty
      type={type}
      inBin={inBin}
      filtered={filtered}
      onRetry={list.isError && !list.data ? () => void list.refetch() : undefined}
      onAdd={file ? chooseFiles : () => keepPage({ action: 'add' })}
    />
  );
  const shown = {
    data: list.data,
    // Only the first load shows placeholders: the refresh while files are processed must not flicker.
    loading: list.isPending,
    view,
    onView: update,
    selected,
    onSelect: setSelected,
    inBin,
    actions,
    empty,
    fact: extension?.fact,
  };

  return (
    <>
      <PageHeader
        title={t(`common:route.${kind}`)}
        extra={
          !file && !inBin ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => keepPage({ action: 'add' })}>
              {t(`link.add.${kind}`)}
            </Button>
          ) : null
        }
      />
      <div className={mobile ? 'content-library content-library--mobile' : 'content-library'}>
        <FolderPanel
          type={type}
          selected={query.folder_id}
          onSelect={(folder_id) => changeView({ folder_id })}
        />
        <div className="content-library__main">
          {file && !inBin ? (
            <div ref={uploadArea} id="uploadContent" className="content-upload">
              <UploadDropzone type={type} folderId={query.folder_id} />
              {extension?.help}
            </div>
          ) : null}
          <LibraryToolbar query={query} onChange={changeView} layout={layout} onLayout={setLayout} />
          {extension?.filters?.(query, changeView)}
          {chosen.length > 0 ? (
            <Flex wrap align="center" gap="small" className="content-selection">
              <Typography.Text>{t('list.selected', { number: chosen.length })}</Typography.Text>
              {inBin ? (
                <>
                  <Button onClick={() => removal.restore(chosen)} loading={removal.busy}>
                    {t('action.restore')}
                  </Button>
                  <Button danger onClick={() => removal.purge(chosen)} loading={removal.busy}>
                    {t('action.purge')}
                  </Button>
                </>
              ) : (
                <>
                  <Button onClick={() => setMoving(chosen)}>{t('action.move')}</Button>
                  <Button danger onClick={() => removal.remove(chosen)} loading={removal.busy}>
                    {t('action.delete')}
                  </Button>
                </>
              )}
            </Flex>
          ) : null}
          {layout === 'grid' ? <ContentGrid {...shown} /> : <ContentTable type={type} {...shown} />}
        </div>
      </div>
      <PreviewModal
        id={previewId}
        known={items.find((item) => item.id === previewId)}
        onClose={() => keepPage({ id: null }, true)}
      />
      {renaming ? (
        <NameDialog
          open
          title={t('rename.title')}
          label={t('field.name')}
          initial={renaming.name}
          onClose={() => setRenaming(null)}
          onSubmit={(name) => rename.mutateAsync({ id: renaming.id, name })}
        />
      ) : null}
      {isLinkType(type) ? (
        <LinkDrawer
          type={type}
          open={adding || editing !== null}
          item={editing}
          folderId={query.folder_id}
          onClose={() => {
            setEditing(null);
            if (adding) keepPage({ action: null }, true);
          }}
        />
      ) : null}
      <MoveDialog
        type={type}
        items={moving}
        onClose={(moved) => {
          setMoving([]);
          if (moved) setSelected([]);
        }}
      />
    </>
  );
}
