import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExemptionItem, OTA_VALIDATIONS } from '@vitrine/contract';
import { Button, Flex, Select, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { ListPage } from '../../../components/ListPage';
import { Name } from '../../../components/Name';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { CreatedCell } from '../components/CreatedCell';
import { DescriptionCell } from '../components/DescriptionCell';
import { ExemptionDrawer } from '../components/ExemptionDrawer';
import { useDeleteExemptions, useExemptionList } from '../key-api';

const NO_FILTERS = [] as const;
/** The validation filter from the address (list views hold numeric filters only). */
const validationOf = (raw: string | null) => OTA_VALIDATIONS.find((validation) => validation === raw);
/** How wide a cell of device tags may grow before it wraps. */
const TAGS_WIDTH = 320;

/** /ota/validation-exemption: devices a plan installs although a validation would skip them. */
export function ExemptionPage() {
  const { t } = useTranslation(['ota-key', 'common']);
  const { view, query, update, params } = useListView(NO_FILTERS);
  const validation = validationOf(params.get('validation'));
  const list = useExemptionList({ ...query, validation });
  const remove = useDeleteExemptions();
  const [creating, setCreating] = useState(false);

  const askDelete = (item: ExemptionItem) =>
    confirmDelete({
      content: t('exemption.deleteConfirm', { count: item.devices.length }),
      onOk: () =>
        remove.mutate([item.id], {
          onSuccess: () => notify({ type: 'success', title: t('exemption.deleted') }),
        }),
    });

  const columns: TableProps<ExemptionItem>['columns'] = [
    {
      title: t('field.validation'),
      dataIndex: 'validation',
      render: (validation: ExemptionItem['validation']) => (
        <Tag color={validation === 'model' ? 'purple' : 'gold'}>{t(`validationName.${validation}`)}</Tag>
      ),
    },
    {
      title: t('field.devices'),
      key: 'devices',
      render: (_, item) => (
        <Flex wrap gap={4} style={{ maxInlineSize: TAGS_WIDTH }}>
          {item.devices.map((device) => (
            <Tag key={device.id} style={{ marginInlineEnd: 0 }}>
              <Name>{device.name || device.signage_id}</Name>
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('field.description'),
      dataIndex: 'description',
      render: (description: string) => <DescriptionCell description={description} />,
    },
    {
      title: t('field.created'),
      dataIndex: 'created_at',
      sorter: true,
      sortOrder: sortOrderOf(view.sort ?? 'created_at,desc', 'created_at'),
      render: (createdAt: string, item) => <CreatedCell at={createdAt} by={item.created_by} />,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => (
        <IconAction
          label={t('exemption.deleteLabel', { validation: t(`validationName.${item.validation}`) })}
          icon={<DeleteOutlined />}
          onClick={() => askDelete(item)}
          danger
        />
      ),
    },
  ];

  return (
    <ListPage<ExemptionItem>
      title={t('common:route.otaValidationExemption')}
      extra={
        <Flex wrap gap="small">
          <Select
            allowClear
            aria-label={t('field.validation')}
            placeholder={t('field.validation')}
            style={{ minInlineSize: 200 }}
            value={validation}
            options={OTA_VALIDATIONS.map((validation) => ({
              value: validation,
              label: t(`validationName.${validation}`),
            }))}
            onChange={(value) => update({ validation: value ?? null, page: null })}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {t('exemption.create')}
          </Button>
        </Flex>
      }
      search={{ id: 'ota-exemption-search', placeholder: t('exemption.search') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }), emptyText: t('exemption.empty') }}
    >
      <ExemptionDrawer open={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}
