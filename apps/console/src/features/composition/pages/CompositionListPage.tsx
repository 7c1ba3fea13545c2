import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { CompositionItem } from '@vitrine/contract';
import { Button, Space, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { deleteOfferingDetach } from '../../content/ui';
import { useCompositionList, useCopyComposition, useDeleteCompositions } from '../api';
import { CompositionPreview } from '../components/CompositionPreview';
import { CreateDialog } from '../components/CreateDialog';
import { EditorHost } from '../components/EditorHost';
import { ZoneSketch } from '../components/ZoneSketch';
import { editParams, newCompositionParams } from '../editor-address';
import '../components/composition.css';
import { Name } from '../../../components/Name';

const NO_FILTERS = [] as const;

/** "1:30" from seconds. */
export const formatSeconds = (seconds: number) => {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * /content/composition-list: compositions with their layout, search, sort and pages; new ones
 * start blank or from a template; the editor opens over the page from the address (?edit=…).
 */
export function CompositionListPage() {
  const { t } = useTranslation(['composition', 'common']);
  const dateTime = useDateTime();
  const { view, query, update, params } = useListView(NO_FILTERS);
  const list = useCompositionList(query);
  const copy = useCopyComposition();
  const remove = useDeleteCompositions();
  const [creating, setCreating] = useState(false);
  const [preview, setPreview] = useState<CompositionItem | null>(null);
  const [, setParams] = useSearchParams();
  // The editor opens over the list as it is (its page, sort and search stay in the address).
  const open = (to: (current: URLSearchParams) => URLSearchParams) => setParams(to);

  const deleteItems = (items: readonly CompositionItem[]) =>
    deleteOfferingDetach(
      items,
      { intro: t('inUse'), okText: t('detach') },
      (detach) => remove.mutateAsync({ ids: items.map((item) => item.id), detach }),
      () => notify({ type: 'success', title: t('deleted') }),
    );
  const askDelete = (item: CompositionItem) =>
    confirmDelete({
      content: t('deleteConfirm', { name: item.name }),
      onOk: () => deleteItems([item]),
    });
  const copyItem = (item: CompositionItem) =>
    copy.mutate(item.id, {
      onSuccess: (made) => notify({ type: 'success', title: t('copied', { name: made.name }) }),
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<CompositionItem>['columns'] = [
    {
      title: t('field.layout'),
      key: 'layout',
      width: 120,
      render: (_, item) => (
        <div className="composition-thumb">
          <ZoneSketch layout={item} label={t('sketch', { name: item.name })} />
        </div>
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string) => <Name>{name}</Name>,
    },
    {
      title: t('field.resolution'),
      key: 'resolution',
      render: (_, item) => <bdi>{`${item.width} × ${item.height}`}</bdi>,
    },
    {
      title: t('field.orientation'),
      dataIndex: 'orientation',
      render: (orientation: number) => t(`orientation.${orientation}`),
    },
    { title: t('field.zones'), key: 'zones', render: (_, item) => item.zones.length },
    {
      title: t('field.duration'),
      dataIndex: 'duration',
      ...sorted('duration'),
      render: (seconds: number) => <bdi>{formatSeconds(seconds)}</bdi>,
    },
    { title: t('field.updatedAt'), dataIndex: 'updated_at', ...sorted('updated_at'), render: dateTime },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => (
        <Space size={0}>
          <IconAction
            label={t('action.preview', { name: item.name })}
            icon={<EyeOutlined />}
            onClick={() => setPreview(item)}
          />
          <IconAction
            label={t('action.edit', { name: item.name })}
            icon={<EditOutlined />}
            onClick={() => open((current) => editParams(item.id, current))}
          />
          <IconAction
            label={t('action.copy', { name: item.name })}
            icon={<CopyOutlined />}
            onClick={() => copyItem(item)}
          />
          <IconAction
            label={t('action.delete', { name: item.name })}
            icon={<DeleteOutlined />}
            onClick={() => askDelete(item)}
            danger
          />
        </Space>
      ),
    },
  ];

  // The editor covers the page; the list beneath it would only keep its tooltips and focus.
  if (params.has('edit')) return <EditorHost />;
  return (
    <ListPage<CompositionItem>
      title={t('common:route.composition')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} id="composition-add">
          {t('add')}
        </Button>
      }
      search={{ id: 'composition-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        emptyText: view.keyword ? t('noMatch') : t('empty'),
      }}
    >
      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreate={(chosen) => {
          setCreating(false);
          open((current) => newCompositionParams(chosen, current));
        }}
      />
      {preview ? (
        <CompositionPreview
          source={preview.id}
          name={preview.name}
          canvas={preview}
          onClose={() => setPreview(null)}
        />
      ) : null}
    </ListPage>
  );
}
