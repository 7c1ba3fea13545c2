import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import type { RuleItem } from '@vitrine/contract';
import { Button, Switch, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { RowActions } from '../../../components/RowActions';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { useDeleteRule, useEnableRule, useRuleList } from '../api';
import { FiringHistory } from '../components/FiringHistory';
import { ActionTags, useTriggerText } from '../components/labels';
import { RuleDrawer } from '../components/RuleDrawer';

const NO_FILTERS = [] as const;
type Drawer = { item: RuleItem | null } | null;

/** /device/rule: control rules with search, sort and pages; add, edit, enable, history, delete. */
export function RuleListPage() {
  const { t } = useTranslation(['rule', 'common']);
  const dateTime = useDateTime();
  const triggerText = useTriggerText();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useRuleList(query);
  const remove = useDeleteRule();
  const enable = useEnableRule();
  const [drawer, setDrawer] = useState<Drawer>(null);
  const [history, setHistory] = useState<RuleItem | null>(null);

  const askDelete = (item: RuleItem) =>
    confirmDelete({
      content: t('deleteConfirm', { name: item.name }),
      onOk: async () => {
        await remove.mutateAsync(item.id);
        notify({ type: 'success', title: t('deleted') });
      },
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<RuleItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
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
    { title: t('then'), key: 'actions', render: (_, item) => <ActionTags actions={item.actions} /> },
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
    {
      title: t('field.actionsColumn'),
      key: 'row-actions',
      fixed: 'end',
      render: (_, item) => (
        <RowActions
          editLabel={t('action.edit', { name: item.name })}
          deleteLabel={t('action.delete', { name: item.name })}
          onEdit={() => setDrawer({ item })}
          onDelete={() => askDelete(item)}
        >
          <IconAction
            label={t('action.history', { name: item.name })}
            icon={<HistoryOutlined />}
            onClick={() => setHistory(item)}
          />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage<RuleItem>
      title={t('common:route.deviceRule')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ item: null })}>
          {t('add')}
        </Button>
      }
      search={{ id: 'rule-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }) }}
    >
      <RuleDrawer open={drawer !== null} item={drawer?.item ?? null} onClose={() => setDrawer(null)} />
      <FiringHistory rule={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}
