import { LockOutlined } from '@ant-design/icons';
import type { TemplateType } from '@vitrine/contract';
import { Space, Table, type TableProps, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { confirmDelete } from '../../../components/confirm';
import { useItemDrawer } from '../../../components/ItemDrawer';
import { useDateTime } from '../../../components/labels';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { notify } from '../../../lib/notify';
import { useDeleteTemplateType, useTemplateTypeName, useTemplateTypes } from '../api';
import { TemplateTypeDrawer } from '../components/TemplateTypeDrawer';
import '../components/template.css';

/** A new type sorts after the last one by this much, leaving room in between. */
const SORT_STEP = 10;

/** /setting/tmptype: the types mobile templates are filed under, in their order; add, edit, delete. */
export function TemplateTypePage() {
  const { t } = useTranslation(['template', 'common']);
  const dateTime = useDateTime();
  const list = useTemplateTypes();
  const remove = useDeleteTemplateType();
  const nameOf = useTemplateTypeName();
  const drawer = useItemDrawer<TemplateType>();
  const types = list.data ?? [];
  const nextSort = types.length ? Math.max(...types.map((type) => type.sort)) + SORT_STEP : 0;

  // A type in use is refused by the server, whose notice says why; the dialog closes either way.
  const askDelete = (type: TemplateType) =>
    confirmDelete({
      content: t('type.deleteConfirm', { name: nameOf(type) }),
      onOk: () =>
        remove.mutateAsync(type.id).then(
          () => notify({ type: 'success', title: t('type.deleted') }),
          () => undefined,
        ),
    });

  const columns: TableProps<TemplateType>['columns'] = [
    {
      title: t('type.field.name'),
      key: 'name',
      render: (_, type) => (
        <Space size="small" wrap>
          <span dir="auto">{nameOf(type)}</span>
          <Tag color={type.platform ? 'blue' : 'green'}>
            {t(type.platform ? 'type.platform' : 'type.company')}
          </Tag>
        </Space>
      ),
    },
    { title: t('type.field.sort'), dataIndex: 'sort', width: 120 },
    { title: t('type.field.count'), dataIndex: 'content_count', width: 140 },
    { title: t('type.field.createdAt'), dataIndex: 'created_at', render: dateTime },
    {
      title: t('type.field.actions'),
      key: 'actions',
      fixed: 'end',
      width: 104,
      render: (_, type) =>
        type.editable ? (
          <RowActions
            editLabel={t('type.action.edit', { name: nameOf(type) })}
            deleteLabel={t('type.action.delete', { name: nameOf(type) })}
            onEdit={() => drawer.edit(type)}
            onDelete={() => askDelete(type)}
          />
        ) : (
          // Kept by the platform: a lock says why there is nothing to do (and keeps the row's height).
          <Tooltip title={t('type.readOnly')}>
            <span className="template-type-lock" role="img" aria-label={t('type.readOnly')}>
              <LockOutlined />
            </span>
          </Tooltip>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('common:route.templateType')}
        extra={<AddButton onClick={drawer.add}>{t('type.add')}</AddButton>}
      />
      <Table<TemplateType>
        rowKey="id"
        columns={columns}
        dataSource={types}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={false}
      />
      <TemplateTypeDrawer {...drawer.props} nextSort={nextSort} />
    </>
  );
}
