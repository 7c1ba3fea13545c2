import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { UnknownModel } from '@vitrine/contract';
import { Button, Card, Space, Table, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Name } from '../../../components/Name';
import { useUnknownModels } from '../api';
import { AssignModelDialog } from './AssignModelDialog';

type Props = { onAdd: (name: string) => void };

/** Names devices report that no model has: add one as a model, or say which model they are. */
export function UnknownModels({ onAdd }: Props) {
  const { t } = useTranslation('deviceModel');
  const unknown = useUnknownModels();
  const [assigning, setAssigning] = useState<UnknownModel | null>(null);

  const columns: TableProps<UnknownModel>['columns'] = [
    { title: t('unknown.name'), dataIndex: 'name', render: (name: string) => <Name>{name}</Name> },
    { title: t('unknown.devices'), dataIndex: 'device_count', align: 'end' },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_, item) => (
        <Space wrap>
          <Button size="small" icon={<PlusOutlined />} onClick={() => onAdd(item.name)}>
            {t('unknown.add')}
          </Button>
          <Button size="small" icon={<SwapOutlined />} onClick={() => setAssigning(item)}>
            {t('unknown.assign')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('unknown.title')} size="small" style={{ marginTop: 24 }} id="unknownModels">
      <p style={{ marginTop: 0 }}>{t('unknown.intro')}</p>
      <Table<UnknownModel>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={unknown.data}
        loading={unknown.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('unknown.empty') }}
      />
      {/* Mounted while open: it loads the models to choose from. */}
      {assigning ? <AssignModelDialog reported={assigning} onClose={() => setAssigning(null)} /> : null}
    </Card>
  );
}
