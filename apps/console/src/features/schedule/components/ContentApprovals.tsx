import type { ContentApprovalListQuery, ContentItem, LibraryContentType } from '@vitrine/contract';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ListTable } from '../../../components/ListTable';
import { useDateTime } from '../../../components/labels';
import { Name } from '../../../components/Name';
import { type ListPatch, type ListView, sortable } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { KIND_OF, useContentApprovalStep, useContentApprovals, useRejectContent } from '../../content/api';
import { ApprovalTag, ContentThumb, PreviewModal } from '../../content/ui';
import { refreshScheduleDots } from '../dots';
import { ApprovalActions } from './ApprovalActions';
import { NothingWaiting } from './NothingWaiting';
import { RejectDialog } from './RejectDialog';

type Props = {
  view: ListView<string>;
  query: ContentApprovalListQuery;
  update: (patch: ListPatch) => void;
};

/**
 * The approval list's content tab: content waiting for the caller's approval. Reviewing one opens
 * its preview and marks it reviewing by the caller (others see by whom); approving or rejecting
 * (with a reason its creator sees) decides it.
 */
export function ContentApprovals({ view, query, update }: Props) {
  const { t } = useTranslation(['schedule', 'content']);
  const dateTime = useDateTime();
  const list = useContentApprovals(query);
  const step = useContentApprovalStep();
  const reject = useRejectContent();
  const [previewing, setPreviewing] = useState<ContentItem | null>(null);
  const [rejecting, setRejecting] = useState<ContentItem | null>(null);

  const review = (item: ContentItem) => {
    setPreviewing(item);
    if (item.approval_state === 'pending') step.mutate({ id: item.id, step: 'review' });
  };
  const approve = (item: ContentItem) =>
    confirmAction({
      content: t('contentApproveConfirm', { name: item.name }),
      okText: t('action.approve'),
      onOk: () =>
        step.mutateAsync({ id: item.id, step: 'approve' }).then(
          () => {
            notify({ type: 'success', title: t('contentApproved') });
            refreshScheduleDots();
          },
          () => undefined,
        ),
    });

  const columns: TableProps<ContentItem>['columns'] = [
    {
      title: t('content:field.thumbnail'),
      key: 'thumbnail',
      width: 72,
      render: (_, item) => (
        <span className="content-thumb content-thumb--small">
          <ContentThumb item={item} />
        </span>
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sortable(view, 'name'),
      render: (name: string) => <Name>{name}</Name>,
    },
    {
      title: t('field.type'),
      dataIndex: 'type',
      render: (type: number) => t(`content:kind.${KIND_OF[type as LibraryContentType]}`),
    },
    { title: t('content:field.approval'), key: 'approval', render: (_, item) => <ApprovalTag item={item} /> },
    {
      title: t('content:field.uploader'),
      dataIndex: 'uploader_name',
      render: (name: string | null) => name ?? '—',
    },
    {
      title: t('field.submittedAt'),
      dataIndex: 'updated_at',
      ...sortable(view, 'updated_at'),
      render: dateTime,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_, item) => (
        <ApprovalActions
          name={item.name}
          onReview={() => review(item)}
          onApprove={() => approve(item)}
          onReject={() => setRejecting(item)}
        />
      ),
    },
  ];

  return (
    <>
      <ListTable<ContentItem>
        className="schedule-table"
        columns={columns}
        list={list}
        loading={list.isPending || step.isPending}
        view={view}
        update={update}
        totalText={(total) => t('total', { total })}
        emptyText={<NothingWaiting keyword={view.keyword} text={t('empty.noContentWaiting')} />}
      />
      <PreviewModal
        id={previewing?.id ?? null}
        known={previewing ?? undefined}
        onClose={() => setPreviewing(null)}
      />
      <RejectDialog
        target={rejecting}
        reject={reject}
        done={t('contentRejected')}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
