import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import {
  FONT_ACCEPT,
  FONT_MAX_BYTES,
  type FontItem,
  fontFormatOf,
  fontRenameRequestSchema,
  ResultCode,
} from '@vitrine/contract';
import { Button, Form, Input, Modal, Space, Table, type TableProps, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useRules } from '../../../lib/form-rules';
import { ApiError } from '../../../lib/http';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { ErrorAlert } from '../../account/components/ErrorAlert';
import { useDateTime } from '../../team/components/labels';
import { formatSize } from '../../team/components/member-columns';
import { PageHeader } from '../../team/components/PageHeader';
import { sortOrderOf, tableView, useListView } from '../../team/list-params';
import { type ItemUses, UsesList } from '../components/use-content-removal';
import { useDeleteFont, useFontList, useRenameFont, useUploadFont } from './api';
import { fontStack, useFontFaces } from './font-face';

const NO_FILTERS = [] as const;
/** Latin, digits, Arabic and Chinese: what a screen may need to show, in the font itself. */
export const FONT_SAMPLE = 'AaBbCc 123 — أبجد 汉字';
const RENAME_FORM = 'fontRenameForm';

/** A new name for a font, in a small dialog. */
function RenameDialog({ font, onClose }: { font: FontItem | null; onClose: () => void }) {
  const { t } = useTranslation('font');
  const rules = useRules();
  const rename = useRenameFont();
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    setError(null);
    rename.reset();
    onClose();
  };
  return (
    <Modal
      open={font !== null}
      title={t('rename')}
      onCancel={close}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      okButtonProps={{ htmlType: 'submit', form: RENAME_FORM, loading: rename.isPending }}
      destroyOnHidden
    >
      <ErrorAlert error={error} />
      {font ? (
        <Form
          id={RENAME_FORM}
          layout="vertical"
          initialValues={{ name: font.name }}
          onFinish={({ name }: { name: string }) =>
            rename.mutate(
              { id: font.id, name: name.trim() },
              {
                onSuccess: () => {
                  notify({ type: 'success', title: t('renamed') });
                  close();
                },
                onError: setError,
              },
            )
          }
        >
          <Form.Item
            name="name"
            label={t('field.name')}
            rules={[rules.zod(fontRenameRequestSchema.shape.name)]}
          >
            <Input autoComplete="off" dir="auto" />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** /setting/font: platform and company fonts, each previewed in itself; upload, rename, delete. */
export function FontListPage() {
  const { t } = useTranslation(['font', 'common', 'contract', 'content']);
  const { mobile } = useLayoutMode();
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useFontList(query);
  const upload = useUploadFont();
  const remove = useDeleteFont();
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

  const deleteFont = (font: FontItem, detach: boolean) =>
    remove
      .mutateAsync({ id: font.id, detach })
      .then(() => notify({ type: 'success', title: t('deleted') }))
      .catch((error: unknown) => {
        const uses = error instanceof ApiError && error.code === ResultCode.inUse ? usesOf(error) : null;
        if (!uses) {
          if (error instanceof ApiError && !detach) notify({ type: 'error', title: error.message });
          return;
        }
        // Texts use it: they may fall back to the default font.
        confirmAction({
          title: t('common:confirm.deleteTitle'),
          content: <UsesList intro={t('inUse')} inUse={[{ id: font.id, name: font.name, uses }]} />,
          okText: t('detach'),
          danger: true,
          onOk: () => deleteFont(font, true),
        });
      });

  const askDelete = (font: FontItem) =>
    confirmDelete({ content: t('deleteConfirm', { name: font.name }), onOk: () => deleteFont(font, false) });

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
          <Space size={0}>
            <IconAction
              label={t('action.rename', { name: font.name })}
              icon={<EditOutlined />}
              onClick={() => setRenaming(font)}
            />
            <IconAction
              label={t('action.delete', { name: font.name })}
              icon={<DeleteOutlined />}
              onClick={() => askDelete(font)}
              danger
            />
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.font')}
        extra={
          <>
            <input
              ref={input}
              type="file"
              accept={FONT_ACCEPT}
              multiple
              hidden
              data-testid="font-file"
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void send(files);
              }}
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
      />
      <Input.Search
        key={view.keyword ?? ''}
        allowClear
        defaultValue={view.keyword}
        placeholder={t('searchPlaceholder')}
        aria-label={t('searchPlaceholder')}
        onSearch={(keyword) => update({ keyword: keyword.trim() })}
        style={{ width: mobile ? '100%' : 320, marginBottom: 16 }}
      />
      <Table<FontItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        {...tableView<FontItem>(view, update, list.data?.total ?? 0, (total) => t('total', { total }))}
      />
      <RenameDialog font={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}

/** What a 409001 answer says uses the font. */
function usesOf(error: ApiError): ItemUses['uses'] | null {
  const uses = (error.data as { uses?: ItemUses['uses'] } | null)?.uses;
  return Array.isArray(uses) && uses.length > 0 ? uses : null;
}
