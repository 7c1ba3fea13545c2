import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WhitelistItem } from '@vitrine/contract';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { leftToRight } from '../../../lib/bidi';
import { useListView } from '../../../lib/list-params';
import { useDeleteWhitelist, useWhitelist } from '../api';
import { WhitelistDrawer } from '../components/WhitelistDrawer';

const NO_FILTERS = [] as const;

/** /license/whitelist: the MAC addresses whose devices need no licence (system roles). */
export function WhitelistPage() {
  const { t } = useTranslation(['license', 'common']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useWhitelist(query);
  const remove = useDeleteWhitelist();
  const [adding, setAdding] = useState(false);
  const columns: ColumnsType<WhitelistItem> = [
    { key: 'mac', title: t('whitelist.mac'), render: (_, row) => leftToRight(row.mac) },
    { key: 'note', title: t('whitelist.note'), dataIndex: 'note' },
    { key: 'created_by', title: t('whitelist.createdBy'), dataIndex: 'created_by' },
    { key: 'created_at', title: t('whitelist.createdAt'), render: (_, row) => dateTime(row.created_at) },
    {
      key: 'actions',
      title: t('whitelist.actions'),
      render: (_, row) => (
        <IconAction
          label={t('whitelist.delete')}
          icon={<DeleteOutlined />}
          danger
          onClick={() =>
            confirmDelete({
              content: t('whitelist.deleteConfirm', { mac: leftToRight(row.mac) }),
              onOk: () => remove.mutateAsync([row.id]),
            })
          }
        />
      ),
    },
  ];
  return (
    <ListPage<WhitelistItem>
      title={t('common:route.licenseWhitelist')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {t('whitelist.add')}
        </Button>
      }
      search={{ id: 'whitelist-search', placeholder: t('whitelist.search') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        emptyText: t('whitelist.empty'),
      }}
    >
      <WhitelistDrawer open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
