import { HistoryOutlined } from '@ant-design/icons';
import type { RuleItem } from '@vitrine/contract';
import { Switch, type TableProps } from 'antd';
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
import { useDeleteRule, useEnableRule, useRuleList } from '../api';
import { FiringHistory } from '../components/FiringHistory';
import { ActionTags, useTriggerText } from '../components/labels';
import { RuleDrawer } from '../components/RuleDrawer';

const NO_FILTERS = [] as const;

/** /device/rule: control rules with search, sort and pages; add, edit, enable, history, delete. */
export function RuleListPage() {
  const { t } = useTranslation(['rule', 'common']);
  const dateTime = useDateTime();
  const triggerText = useTriggerText();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useRuleList(query);
  const remove = useDeleteRule();
  const enable = useEnableRule();
  const drawer = useItemDrawer<RuleItem>();
  const [history, setHistory] = useState<RuleItem | null>(null);

  const askDelete = (item: RuleItem) =>
    confirmDelete({
      content: t('deleteConfirm', { name: item.name }),
      onOk: () => remove.mutateAsync(item.id),
      doneText: t('deleted'),
    });

  const columns: TableProps<RuleItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sortable(view, 'name'),
      render: (name: string) => <span dir="auto">{name}</span>,
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, item) => (
        <Switch
          checked={enabled}
          loading={enable.isPending && enable.variables?.id === item.id}
          aria-label={t('action.enable', { name: item.name })}
          onChange={(checked) => enable.mutate({ id: item.id, enabled: checked })}
        />
      ),
    },
    {
      title: t('when'),
      key: 'trigger',
      render: (_, item) => <span dir="auto">{triggerText(item.trigger)}</span>,
    },
    { title: t('then'), key: 'then', render: (_, item) => <ActionTags actions={item.actions} /> },
    {
      title: t('field.devices'),
      key: 'devices',
      render: (_, item) => <span dir="auto">{item.devices.map((device) => device.name).join(', ')}</span>,
    },
    {
      title: t('field.lastFired'),
      dataIndex: 'last_fired_at',
      render: (value: string | null) => (value ? dateTime(value) : t('never')),
    },
    actionsColumn(t('field.actionsColumn'), (item) => (
      <RowActions
        editLabel={t('action.edit', { name: item.name })}
        deleteLabel={t('action.delete', { name: item.name })}
        onEdit={() => drawer.edit(item)}
        onDelete={() => askDelete(item)}
      >
        <IconAction
          label={t('action.history', { name: item.name })}
          icon={<HistoryOutlined />}
          onClick={() => setHistory(item)}
        />
      </RowActions>
    )),
  ];

  return (
    <ListPage<RuleItem>
      title={t('common:route.deviceRule')}
      extra={<AddButton onClick={drawer.add}>{t('add')}</AddButton>}
      search={{ id: 'rule-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }) }}
    >
      <RuleDrawer {...drawer.props} />
      <FiringHistory rule={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}
