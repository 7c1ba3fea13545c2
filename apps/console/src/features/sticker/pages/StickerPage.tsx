import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { isStickerName, STICKER_ACCEPT, STICKER_MAX_BYTES, type StickerItem } from '@vitrine/contract';
import { Button, Checkbox, Empty, Pagination, Spin, Typography } from 'antd';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { FileChooser } from '../../../components/FileChooser';
import { IconAction } from '../../../components/IconAction';
import { ListPage } from '../../../components/ListPage';
import { RenameDialog } from '../../../components/RenameDialog';
import { formatSize } from '../../../lib/format';
import { useLayoutMode } from '../../../lib/layout-mode';
import { useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { deleteOfferingDetach } from '../../content/ui';
import { useDeleteStickers, useRenameSticker, useStickerList, useUploadSticker } from '../api';
import './sticker.css';

const NO_FILTERS = [] as const;

/** /content/sticker: stickers on a checkerboard; drop or choose files, rename, select and delete. */
export function StickerPage() {
  const { t } = useTranslation(['sticker', 'common', 'contract']);
  const { mobile } = useLayoutMode();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useStickerList(query);
  const upload = useUploadSticker();
  const rename = useRenameSticker();
  const remove = useDeleteStickers();
  const [selected, setSelected] = useState<number[]>([]);
  const [renaming, setRenaming] = useState<StickerItem | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const stickers = list.data?.list ?? [];
  const refuse = (name: string, reason: string) =>
    notify({ type: 'error', title: reason.startsWith(`${name}:`) ? reason : `${name}: ${reason}` });

  // One after another: each refused file is named with its reason, the others go on.
  const send = async (files: File[]) => {
    for (const file of files) {
      if (!isStickerName(file.name))
        refuse(file.name, t('contract:sticker.notSupported', { name: file.name }));
      else if (file.size > STICKER_MAX_BYTES) refuse(file.name, t('contract:sticker.tooLarge'));
      else {
        await upload.mutateAsync(file).then(
          () => notify({ type: 'success', title: t('uploaded', { name: file.name }) }),
          (error: unknown) => refuse(file.name, error instanceof Error ? error.message : String(error)),
        );
      }
    }
  };
  const choose = () => input.current?.click();

  const deleteStickers = (items: readonly StickerItem[]) =>
    deleteOfferingDetach(
      items,
      { intro: t('inUse'), okText: t('detach') },
      (detach) => remove.mutateAsync({ ids: items.map((item) => item.id), detach }),
      () => {
        notify({ type: 'success', title: t('deleted', { count: items.length }) });
        setSelected((ids) => ids.filter((id) => !items.some((item) => item.id === id)));
      },
    );
  const askDelete = (items: readonly StickerItem[]) =>
    confirmDelete({
      content: t('deleteConfirm', { names: items.map((item) => item.name).join(', ') }),
      onOk: () => deleteStickers(items),
    });
  const chosen = stickers.filter((sticker) => selected.includes(sticker.id));
  const toggle = (id: number, on: boolean) =>
    setSelected((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)));

  const drop = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(false);
      void send([...event.dataTransfer.files]);
    },
  };

  return (
    <ListPage<StickerItem>
      title={t('common:route.sticker')}
      extra={
        <>
          <FileChooser
            ref={input}
            accept={STICKER_ACCEPT}
            testId="sticker-file"
            onFiles={(files) => void send(files)}
          />
          {chosen.length > 0 ? (
            <Button danger icon={<DeleteOutlined />} onClick={() => askDelete(chosen)}>
              {t('deleteSelected', { count: chosen.length })}
            </Button>
          ) : null}
          <Button type="primary" icon={<UploadOutlined />} loading={upload.isPending} onClick={choose}>
            {t('upload')}
          </Button>
        </>
      }
      search={{ id: 'sticker-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
    >
      <section
        className={`sticker-drop${over ? ' sticker-drop--over' : ''}`}
        aria-label={t('dropHere')}
        data-testid="sticker-drop"
        {...drop}
      >
        <Spin spinning={list.isFetching}>
          {stickers.length === 0 && !list.isLoading ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={view.keyword ? t('noMatch') : t('empty')}
            >
              {view.keyword ? null : (
                <Button type="primary" icon={<UploadOutlined />} onClick={choose}>
                  {t('upload')}
                </Button>
              )}
            </Empty>
          ) : (
            <ul className="sticker-grid" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {stickers.map((sticker) => {
                const on = selected.includes(sticker.id);
                return (
                  <li key={sticker.id} className={`sticker-card${on ? ' sticker-card--selected' : ''}`}>
                    <div className="sticker-card__image">
                      <img src={sticker.url} alt={sticker.name} loading="lazy" />
                    </div>
                    <div className="sticker-card__footer">
                      <Checkbox
                        checked={on}
                        aria-label={t('select', { name: sticker.name })}
                        onChange={(event) => toggle(sticker.id, event.target.checked)}
                      />
                      <div className="sticker-card__name">
                        <Typography.Text ellipsis={{ tooltip: sticker.name }} dir="auto">
                          {sticker.name}
                        </Typography.Text>
                        <Typography.Text
                          type="secondary"
                          style={{ display: 'block', fontSize: 12, whiteSpace: 'nowrap' }}
                        >
                          {`${sticker.width} × ${sticker.height} · ${formatSize(sticker.size)}`}
                        </Typography.Text>
                      </div>
                      <IconAction
                        label={t('action.rename', { name: sticker.name })}
                        icon={<EditOutlined />}
                        onClick={() => setRenaming(sticker)}
                      />
                      <IconAction
                        label={t('action.delete', { name: sticker.name })}
                        icon={<DeleteOutlined />}
                        onClick={() => askDelete([sticker])}
                        danger
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Spin>
      </section>
      {(list.data?.total ?? 0) > 0 ? (
        <Pagination
          style={{ marginTop: 16 }}
          align="end"
          current={view.page}
          pageSize={view.page_size}
          total={list.data?.total ?? 0}
          showTotal={(total) => t('total', { total })}
          showSizeChanger
          size={mobile ? 'small' : undefined}
          onChange={(page, pageSize) =>
            pageSize !== view.page_size ? update({ page_size: pageSize }) : update({ page })
          }
        />
      ) : null}
      <RenameDialog
        item={renaming}
        title={t('rename')}
        label={t('name')}
        pending={rename.isPending}
        onSubmit={(name) =>
          rename
            .mutateAsync({ id: (renaming as StickerItem).id, name })
            .then(() => notify({ type: 'success', title: t('renamed') }))
        }
        onClose={() => setRenaming(null)}
      />
    </ListPage>
  );
}
