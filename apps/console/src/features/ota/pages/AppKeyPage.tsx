import { PlusOutlined } from '@ant-design/icons';
import type { AppKeyItem, AppKeySecret } from '@vitrine/contract';
import { Button, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction, confirmDelete } from '../../../components/confirm';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { AppKeyDrawer } from '../components/AppKeyDrawer';
import { CreatedCell } from '../components/CreatedCell';
import { KeyRowActions } from '../components/KeyRowActions';
import { KeySecretDialog } from '../components/KeySecretDialog';
import { useAppKeyList, useDeleteAppKeys, useRotateAppKey } from '../key-api';

const NO_FILTERS = [] as const;

/** /ota/appkey: the keys that let player applications other than the browser player say hello. */
export function AppKeyPage() {
  const { t } = useTranslation(['ota-key', 'common']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useAppKeyList(query);
  const remove = useDeleteAppKeys();
  const rotate = useRotateAppKey();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<AppKeySecret | null>(null);

  const askDelete = (item: AppKeyItem) =>
    confirmDelete({
      content: t('app.deleteConfirm', { package: leftToRight(item.package) }),
      onOk: () =>
        remove.mutate([item.id], {
          onSuccess: () => notify({ type: 'success', title: t('app.deleted') }),
        }),
    });
  const askRotate = (item: AppKeyItem) =>
    confirmAction({
      content: t('app.rotateConfirm', { package: leftToRight(item.package) }),
      okText: t('app.rotate'),
      onOk: () => rotate.mutateAsync(item.id).then(setShown),
    });

  const sorted = (column: string) => ({
    sorter: true,
    sortOrder: sortOrderOf(view.sort ?? 'created_at,desc', column),
  });
  const columns: TableProps<AppKeyItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string) => (
        <Typography.Text strong>
          <Name>{name}</Name>
        </Typography.Text>
      ),
    },
    {
      title: t('field.package'),
      dataIndex: 'package',
      ...sorted('package'),
      render: (pkg: string) => <Typography.Text code>{leftToRight(pkg)}</Typography.Text>,
    },
    {
      title: t('field.created'),
      dataIndex: 'created_at',
      ...sorted('created_at'),
      render: (createdAt: string, item) => <CreatedCell at={createdAt} by={item.created_by} />,
    },
    {
      title: t('field.lastUsed'),
      dataIndex: 'last_used_at',
      ...sorted('last_used_at'),
      render: (lastUsed: string | null) => (lastUsed ? leftToRight(dateTime(lastUsed)) : t('never')),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => (
        <KeyRowActions
          renewLabel={t('app.rotateLabel', { package: item.package })}
          deleteLabel={t('app.deleteLabel', { package: item.package })}
          onRenew={() => askRotate(item)}
          onDelete={() => askDelete(item)}
        />
      ),
    },
  ];

  return (
    <ListPage<AppKeyItem>
      title={t('common:route.otaAppKey')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('app.create')}
        </Button>
      }
      search={{ id: 'ota-appkey-search', placeholder: t('app.search') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }), emptyText: t('app.empty') }}
    >
      <AppKeyDrawer open={creating} onClose={() => setCreating(false)} onCreated={setShown} />
      <KeySecretDialog
        title={shown ? t('app.secretTitle', { package: leftToRight(shown.key.package) }) : ''}
        secrets={shown ? [{ label: shown.key.name, secret: shown.secret }] : null}
        onClose={() => setShown(null)}
      />
    </ListPage>
  );
}
