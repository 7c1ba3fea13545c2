import { UploadOutlined } from '@ant-design/icons';
import { FONT_ACCEPT, FONT_MAX_BYTES, type FontItem, fontFormatOf } from '@vitrine/contract';
import { Button, Space, type TableProps, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { FileChooser } from '../../../components/FileChooser';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { RenameDialog } from '../../../components/RenameDialog';
import { RowActions } from '../../../components/RowActions';
import { formatSize } from '../../../lib/format';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { deleteOfferingDetach } from '../../content/ui';
import { useDeleteFont, useFontList, useRenameFont, useUploadFont } from '../api';
import { fontStack, useFontFaces } from '../font-face';

const NO_FILTERS = [] as const;
/** Latin, digits, Arabic and Chinese: what a screen may need to show, in the font itself. */
export const FONT_SAMPLE = 'AaBbCc 123 — أبجد 汉字';

/** /setting/font: platform and company fonts, each previewed in itself; upload, rename, delete. */
export function FontListPage() {
  const { t } = useTranslation(['font', 'common', 'contract', 'content']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useFontList(query);
  const upload = useUploadFont();
  const remove = useDeleteFont();
  const rename = useRenameFont();
  const [renaming, setRenaming] = useState<FontItem | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useFontFaces(list.data?.list);

  const send = async (files: File[]) => {
    for (const file of files) {
      if (fontFormatOf(file.name) === undefined) {
        notify({ type: 'error', title: t('contract:font.notSupported', { name: file.name }) });
      } else if (file.size > FONT_MAX_BYTES) {
        notify({ type: 'error', title: `${file.name}: ${t('contract:font.tooLarge')}` });
      } else {
        // A refusal has shown the server's reason; the next file goes on.
        await upload.mutateAsync(file).then(
          () => notify({ type: 'success', title: t('uploaded', { name: file.name }) }),
          () => undefined,
        );
      }
    }
  };

  // Texts may use it: then the offer to let them fall back to the default font.
  const deleteFont = (font: FontItem) =>
    deleteOfferingDetach(
      [font],
      { intro: t('inUse'), okText: t('detach') },
      (detach) => remove.mutateAsync({ id: font.id, detach }),
      () => notify({ type: 'success', title: t('deleted') }),
    );

  const askDelete = (font: FontItem) =>
    confirmDelete({ content: t('deleteConfirm', { name: font.name }), onOk: () => deleteFont(font) });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<FontItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string, font) => (
        <Space size="small" wrap>
          <span dir="auto">{name}</span>
          <Tag color={font.platform ? 'blue' : 'green'}>{t(font.platform ? 'platform' : 'company')}</Tag>
        </Space>
      ),
    },
    {
      title: t('field.preview'),
      key: 'preview',
      render: (_, font) => (
        <span
          className="font-sample"
          style={{ fontFamily: fontStack(font.family), fontSize: 20, whiteSpace: 'nowrap' }}
          data-family={font.family}
        >
          {FONT_SAMPLE}
        </span>
      ),
    },
    { title: t('field.format'), dataIndex: 'format', render: (format: string) => format.toUpperCase() },
    { title: t('field.size'), dataIndex: 'size', ...sorted('size'), render: formatSize },
    { title: t('field.uploader'), dataIndex: 'uploader_name', render: (name: string | null) => name ?? '—' },
    { title: t('field.createdAt'), dataIndex: 'created_at', ...sorted('created_at'), render: dateTime },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, font) =>
        font.editable ? (
          <RowActions
            editLabel={t('action.rename', { name: font.name })}
            deleteLabel={t('action.delete', { name: font.name })}
            onEdit={() => setRenaming(font)}
            onDelete={() => askDelete(font)}
          />
        ) : null,
    },
  ];

  return (
    <ListPage<FontItem>
      title={t('common:route.font')}
      extra={
        <>
          <FileChooser
            ref={input}
            accept={FONT_ACCEPT}
            testId="font-file"
            onFiles={(files) => void send(files)}
          />
          <Button
            type="primary"
            icon={<UploadOutlined />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {t('upload')}
          </Button>
        </>
      }
      search={{ id: 'font-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
      }}
    >
      <RenameDialog
        item={renaming}
        title={t('rename')}
        label={t('field.name')}
        pending={rename.isPending}
        onSubmit={(name) =>
          rename
            .mutateAsync({ id: (renaming as FontItem).id, name })
            .then(() => notify({ type: 'success', title: t('renamed') }))
        }
        onClose={() => setRenaming(null)}
      />
    </ListPage>
  );
}
