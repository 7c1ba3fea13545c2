import { EyeOutlined } from '@ant-design/icons';
import type { TextItem } from '@vitrine/contract';
import { type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useItemDrawer } from '../../../components/ItemDrawer';
import { ListPage } from '../../../components/ListPage';
import { useDateTime } from '../../../components/labels';
import { PreviewDialog } from '../../../components/PreviewDialog';
import { actionsColumn, RowActions } from '../../../components/RowActions';
import { sortable, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { deleteOfferingDetach } from '../../content/ui';
import { useDeleteTexts, useTextList } from '../api';
import { MarqueePreview } from '../components/MarqueePreview';
import { TextDrawer } from '../components/TextDrawer';

const NO_FILTERS = [] as const;
/** How much of a text the table shows. */
const EXCERPT_WIDTH = 280;

/** /content/text: text messages (spec 001 §3) with search, sort, pages, a drawer and a preview. */
export function TextListPage() {
  const { t } = useTranslation(['text', 'common']);
  const dateTime = useDateTime();
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useTextList(query);
  const remove = useDeleteTexts();
  const drawer = useItemDrawer<TextItem>();
  const [preview, setPreview] = useState<TextItem | null>(null);

  // Playlists or compositions may show it: then the offer to take it out of them and delete.
  const deleteText = (item: TextItem) =>
    deleteOfferingDetach(
      [{ id: item.id, name: item.title }],
      { intro: t('inUse'), okText: t('detach') },
      (detach) => remove.mutateAsync({ ids: [item.id], detach }),
      () => notify({ type: 'success', title: t('deleted') }),
    );

  const askDelete = (item: TextItem) =>
    confirmDelete({
      content: t('deleteConfirm', { title: item.title }),
      onOk: () => deleteText(item),
    });

  const columns: TableProps<TextItem>['columns'] = [
    {
      title: t('field.title'),
      dataIndex: 'title',
      ...sortable(view, 'title'),
      render: (title: string) => <span dir="auto">{title}</span>,
    },
    {
      title: t('field.content'),
      dataIndex: 'content',
      render: (content: string) => (
        <Typography.Text ellipsis={{ tooltip: content }} style={{ maxInlineSize: EXCERPT_WIDTH }} dir="auto">
          {content}
        </Typography.Text>
      ),
    },
    { title: t('field.position'), dataIndex: 'position', render: (value: string) => t(`position.${value}`) },
    {
      title: t('field.direction'),
      dataIndex: 'direction',
      render: (value: string) => t(`direction.${value}`),
    },
    { title: t('field.speed'), dataIndex: 'speed' },
    {
      title: t('field.updatedAt'),
      dataIndex: 'updated_at',
      ...sortable(view, 'updated_at'),
      render: dateTime,
    },
    actionsColumn(t('field.actions'), (item) => (
      <RowActions
        editLabel={t('action.edit', { title: item.title })}
        deleteLabel={t('action.delete', { title: item.title })}
        onEdit={() => drawer.edit(item)}
        onDelete={() => askDelete(item)}
      >
        <IconAction
          label={t('action.preview', { title: item.title })}
          icon={<EyeOutlined />}
          onClick={() => setPreview(item)}
        />
      </RowActions>
    )),
  ];

  return (
    <ListPage<TextItem>
      title={t('common:route.text')}
      extra={<AddButton onClick={drawer.add}>{t('add')}</AddButton>}
      search={{ id: 'text-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{ columns, list, totalText: (total) => t('total', { total }) }}
    >
      <TextDrawer {...drawer.props} />
      <PreviewDialog open={preview !== null} title={preview?.title} onClose={() => setPreview(null)}>
        {preview ? (
          <MarqueePreview text={preview} label={t('preview.label', { content: preview.content })} />
        ) : null}
      </PreviewDialog>
    </ListPage>
  );
}
