import { HistoryOutlined, SendOutlined } from '@ant-design/icons';
import type { PresetItem } from '@vitrine/contract';
import { Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useItemDrawer } from '../../../components/ItemDrawer';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { actionsColumn, RowActions } from '../../../components/RowActions';
import { sortable, useListView } from '../../../lib/list-params';
import { useDeletePreset, usePresetList } from '../api';
import { ApplyDrawer } from '../components/ApplyDrawer';
import { PresetDrawer } from '../components/PresetDrawer';
import { PropertyTags } from '../components/PropertyTags';

const NO_FILTERS = [] as const;

/** /device/preset-setting: device presets with search, sort and pages; add, edit, apply, delete. */
export function PresetListPage() {
  const { t } = useTranslation(['preset', 'common']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = usePresetList(query);
  const remove = useDeletePreset();
  const drawer = useItemDrawer<PresetItem>();
  const [applying, setApplying] = useState<PresetItem | null>(null);

  const askDelete = (item: PresetItem) =>
    confirmDelete({
      content: t('deleteConfirm', { name: item.name }),
      onOk: () => remove.mutateAsync(item.id),
      doneText: t('deleted'),
    });

  const columns: TableProps<PresetItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sortable(view, 'name'),
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    {
      title: t('field.scope'),
      key: 'scope',
      render: (_, item) => (
        <Space size={4} wrap>
          <span dir="auto">{item.group_name}</span>
          {item.model_name ? <Tag>{item.model_name}</Tag> : null}
          {item.auto_apply ? <Tag color="blue">{t('autoApplyTag')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('properties'),
      key: 'properties',
      render: (_, item) => <PropertyTags properties={item.properties} />,
    },
    {
      title: t('field.lastApplied'),
      dataIndex: 'last_applied_at',
      render: (value: string | null) => (value ? dateTime(value) : t('never')),
    },
    {
      title: t('field.updatedAt'),
      dataIndex: 'updated_at',
      ...sortable(view, 'updated_at'),
      render: dateTime,
    },
    actionsColumn(t('field.actions'), (item) => (
      <RowActions
        editLabel={t('action.edit', { name: item.name })}
        deleteLabel={t('action.delete', { name: item.name })}
        onEdit={() => drawer.edit(item)}
        onDelete={() => askDelete(item)}
      >
        <IconAction
          label={t('action.apply', { name: item.name })}
          icon={item.last_applied_at ? <HistoryOutlined /> : <SendOutlined />}
          onClick={() => setApplying(item)}
        />
      </RowActions>
    )),
  ];

  return (
    <ListPage<PresetItem>
      title={t('common:route.presetSetting')}
      extra={<AddButton onClick={drawer.add}>{t('add')}</AddButton>}
      search={{ id: 'preset-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }) }}
    >
      <PresetDrawer {...drawer.props} />
      <ApplyDrawer preset={applying} onClose={() => setApplying(null)} />
    </ListPage>
  );
}
