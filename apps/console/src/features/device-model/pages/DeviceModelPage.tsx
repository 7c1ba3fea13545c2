import { PlusOutlined } from '@ant-design/icons';
import type { DeviceModelItem } from '@vitrine/contract';
import { Button, Flex, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { ListPage } from '../../../components/ListPage';
import { Name } from '../../../components/Name';
import { RowActions } from '../../../components/RowActions';
import { leftToRight } from '../../../lib/bidi';
import { formatDimensions } from '../../../lib/format';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { useDeleteDeviceModels, useDeviceModelList } from '../api';
import { ORIENTATION_KEY } from '../components/labels';
import { ModelDrawer, type ModelDrawerTarget } from '../components/ModelDrawer';
import { UnknownModels } from '../components/UnknownModels';

const NO_FILTERS = [] as const;
/** How wide a cell of tags may grow before it wraps. */
const TAGS_WIDTH = 260;

const tags = (labels: string[]) =>
  labels.length === 0 ? (
    '—'
  ) : (
    <Flex wrap gap={4} style={{ maxInlineSize: TAGS_WIDTH }}>
      {labels.map((label) => (
        <Tag key={label} style={{ marginInlineEnd: 0 }}>
          {label}
        </Tag>
      ))}
    </Flex>
  );

/** /setting/model: the device models of the platform, and the names devices report that it lacks. */
export function DeviceModelPage() {
  const { t } = useTranslation(['deviceModel', 'common']);
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useDeviceModelList(query);
  const remove = useDeleteDeviceModels();
  const [drawer, setDrawer] = useState<ModelDrawerTarget | null>(null);

  const askDelete = (item: DeviceModelItem) =>
    confirmDelete({
      content: t('deleteConfirm', { name: item.name }),
      // A refusal (devices are of it) is shown by the call itself.
      onOk: () =>
        remove.mutate([item.id], { onSuccess: () => notify({ type: 'success', title: t('deleted') }) }),
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<DeviceModelItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string) => <Name>{name}</Name>,
    },
    {
      title: t('field.vendor'),
      dataIndex: 'vendor',
      ...sorted('vendor'),
      render: (vendor: string | null) => (vendor ? <Name>{vendor}</Name> : '—'),
    },
    {
      title: t('field.resolution'),
      key: 'resolution',
      render: (_, item) => leftToRight(formatDimensions(item.width, item.height) ?? ''),
    },
    {
      title: t('field.orientation'),
      dataIndex: 'orientation',
      render: (value: number) => t(ORIENTATION_KEY[value] ?? 'orientation.landscape'),
    },
    {
      title: t('field.mediaTypes'),
      dataIndex: 'media_types',
      render: (values: number[]) => tags(values.map((value) => t(`mediaType.${value}`))),
    },
    {
      title: t('field.features'),
      dataIndex: 'features',
      render: (values: string[]) => tags(values.map((value) => t(`feature.${value}`))),
    },
    {
      title: t('field.player'),
      key: 'player',
      render: (_, item) =>
        item.player_name || item.player_version ? (
          <Space size={4}>
            {item.player_name ? <Name>{item.player_name}</Name> : null}
            {item.player_version ? leftToRight(item.player_version) : null}
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('field.devices'), dataIndex: 'device_count', align: 'end' },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => (
        <RowActions
          editLabel={t('action.edit', { name: item.name })}
          deleteLabel={t('action.delete', { name: item.name })}
          onEdit={() => setDrawer({ item })}
          onDelete={() => askDelete(item)}
        />
      ),
    },
  ];

  return (
    <ListPage<DeviceModelItem>
      title={t('common:route.model')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ name: '' })}>
          {t('add')}
        </Button>
      }
      search={{ id: 'model-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        emptyText: t('empty'),
      }}
    >
      <UnknownModels onAdd={(name) => setDrawer({ name })} />
      <ModelDrawer target={drawer} onClose={() => setDrawer(null)} />
    </ListPage>
  );
}
