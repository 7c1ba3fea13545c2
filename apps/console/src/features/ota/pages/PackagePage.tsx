import { UploadOutlined } from '@ant-design/icons';
import type { OtaPackageItem } from '@vitrine/contract';
import { Button, Flex, Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { ListPage } from '../../../components/ListPage';
import { Name } from '../../../components/Name';
import { RowActions } from '../../../components/RowActions';
import { leftToRight } from '../../../lib/bidi';
import { formatSize } from '../../../lib/format';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { useDeletePackages, usePackageList } from '../api';
import { CreatedCell } from '../components/CreatedCell';
import { DescriptionCell } from '../components/DescriptionCell';
import { ModelSelect } from '../components/ModelSelect';
import { PackageEditDrawer } from '../components/PackageEditDrawer';
import { PackageUploadDrawer } from '../components/PackageUploadDrawer';

const FILTERS = ['model_id'] as const;
/** How wide a cell of tags may grow before it wraps. */
const TAGS_WIDTH = 260;

/** /ota/package: the platform's packages of player software, the shipped build among them. */
export function PackagePage() {
  const { t } = useTranslation(['ota', 'common']);
  const { view, query, update } = useListView(FILTERS);
  const list = usePackageList(query);
  const remove = useDeletePackages();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<OtaPackageItem | null>(null);

  const askDelete = (item: OtaPackageItem) =>
    confirmDelete({
      content: t('deleteConfirm', { version: leftToRight(item.version) }),
      onOk: () =>
        remove.mutate([item.id], { onSuccess: () => notify({ type: 'success', title: t('deleted') }) }),
    });

  const sorted = (column: string) => ({
    sorter: true,
    sortOrder: sortOrderOf(view.sort ?? 'version,desc', column),
  });
  const columns: TableProps<OtaPackageItem>['columns'] = [
    {
      title: t('field.version'),
      dataIndex: 'version',
      ...sorted('version'),
      render: (version: string, item) => (
        <Space size={4}>
          <Typography.Text strong>{leftToRight(version)}</Typography.Text>
          {item.builtin ? <Tag color="blue">{t('builtin')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('field.models'),
      key: 'models',
      render: (_, item) =>
        item.builtin ? (
          t('browserPlayer')
        ) : (
          <Flex wrap gap={4} style={{ maxInlineSize: TAGS_WIDTH }}>
            {item.models.map((model) => (
              <Tag key={model.id} style={{ marginInlineEnd: 0 }}>
                <Name>{model.name}</Name>
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: t('field.md5'),
      dataIndex: 'md5',
      render: (md5: string | null) =>
        md5 ? <Typography.Text code>{leftToRight(md5)}</Typography.Text> : '—',
    },
    {
      title: t('field.description'),
      dataIndex: 'description',
      render: (description: string) => <DescriptionCell description={description} />,
    },
    {
      title: t('field.size'),
      dataIndex: 'size',
      align: 'end',
      ...sorted('size'),
      render: (size: number | null) => (size === null ? '—' : leftToRight(formatSize(size))),
    },
    {
      title: t('field.created'),
      dataIndex: 'created_at',
      ...sorted('created_at'),
      render: (createdAt: string, item) => <CreatedCell at={createdAt} by={item.created_by} />,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) =>
        item.builtin ? null : (
          <RowActions
            editLabel={t('action.edit', { version: item.version })}
            deleteLabel={t('action.delete', { version: item.version })}
            onEdit={() => setEditing(item)}
            onDelete={() => askDelete(item)}
          />
        ),
    },
  ];

  return (
    <ListPage<OtaPackageItem>
      title={t('common:route.otaPackage')}
      extra={
        <Flex wrap gap="small">
          <ModelSelect
            allowClear
            aria-label={t('filter.model')}
            placeholder={t('filter.model')}
            style={{ minInlineSize: 200 }}
            value={view.filters.model_id}
            onChange={(value) => update({ model_id: (value as number | undefined) ?? null, page: null })}
          />
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('upload')}
          </Button>
        </Flex>
      }
      search={{ id: 'ota-package-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        emptyText: t('empty'),
      }}
    >
      <PackageUploadDrawer open={uploading} onClose={() => setUploading(false)} />
      <PackageEditDrawer item={editing} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
