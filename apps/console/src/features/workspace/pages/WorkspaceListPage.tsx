import { ResultCode, type WorkspaceBlocker, workspaceBlockersSchema } from '@vitrine/contract';
import { Card, Empty, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { confirmDelete } from '../../../components/confirm';
import { NameDialog } from '../../../components/NameDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ApiError } from '../../../lib/http';
import { useLayoutMode } from '../../../lib/layout-mode';
import { notify } from '../../../lib/notify';
import { useCreateWorkspace, useDeleteWorkspace, useUpdateWorkspace, useWorkspaceList } from '../api';
import { MoveWorkspaceDialog } from '../components/MoveWorkspaceDialog';
import { WorkspaceDetail } from '../components/WorkspaceDetail';
import { WorkspaceTreePanel } from '../components/WorkspaceTreePanel';
import { buildTree, findNode, type WorkspaceTreeItem } from '../tree';

type Naming = { mode: 'child' | 'rename'; item: WorkspaceTreeItem } | null;

/** What a refused delete names as still inside the workspace. */
function blockersOf(error: unknown): WorkspaceBlocker[] {
  if (!(error instanceof ApiError) || error.code !== ResultCode.inUse) return [];
  const parsed = workspaceBlockersSchema.safeParse(error.data);
  return parsed.success ? parsed.data.blockers : [];
}

/** /setting/workspace-list: the workspace tree (drag or "move to"), create, rename, delete, and the
 * selected workspace's members, devices and content. The selection stays in the address. */
export function WorkspaceListPage() {
  const { t } = useTranslation(['team', 'common']);
  const { mobile } = useLayoutMode();
  const [params, setParams] = useSearchParams();
  const list = useWorkspaceList();
  const create = useCreateWorkspace();
  const update = useUpdateWorkspace();
  const remove = useDeleteWorkspace();
  const [naming, setNaming] = useState<Naming>(null);
  const [moving, setMoving] = useState<WorkspaceTreeItem | null>(null);
  const [blocked, setBlocked] = useState<{ id: number; blockers: WorkspaceBlocker[] } | null>(null);
  const tree = useMemo(() => buildTree(list.data ?? []), [list.data]);

  const requested = Number(params.get('id')) || null;
  const selected = findNode(tree, requested) ?? tree[0];
  const parent = selected ? findNode(tree, selected.parent_id) : undefined;
  const select = (id: number) => setParams({ id: String(id) }, { replace: true });

  // A drop has no dialog to show a refusal in: the usual "tips" notice says it.
  const move = (item: WorkspaceTreeItem, parentId: number, silent: boolean) =>
    update
      .mutateAsync({ id: item.group_id, body: { name: item.name, parent_id: parentId }, silent })
      .then(() => notify({ type: 'success', title: t('workspace.moved', { name: item.name }) }));

  const askDelete = (item: WorkspaceTreeItem) =>
    confirmDelete({
      content: t('workspace.deleteConfirm', { name: item.name }),
      onOk: () =>
        remove.mutateAsync(item.group_id).then(
          () => {
            notify({ type: 'success', title: t('deleted') });
            setBlocked(null);
            if (item.parent_id !== null) select(item.parent_id);
          },
          (error: unknown) => {
            const blockers = blockersOf(error);
            if (blockers.length > 0) setBlocked({ id: item.group_id, blockers });
            else notify({ type: 'error', title: t('common:tips'), description: (error as Error).message });
          },
        ),
    });

  const saveName = (name: string) => {
    if (!naming) return Promise.resolve();
    const { mode, item } = naming;
    if (mode === 'child') {
      return create.mutateAsync({ name, parent_id: item.group_id });
    }
    return update.mutateAsync({ id: item.group_id, body: { name } });
  };

  return (
    <>
      <PageHeader title={t('common:route.workspaceList')} />
      <Flex gap="middle" vertical={mobile} align="flex-start">
        <div style={{ width: mobile ? '100%' : 320, flexShrink: 0 }}>
          <WorkspaceTreePanel
            tree={tree}
            loading={list.isPending}
            selected={selected?.group_id ?? null}
            onSelect={select}
            onMove={(item, parentId) => void move(item, parentId, false).catch(() => undefined)}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0, width: mobile ? '100%' : undefined }}>
          {selected ? (
            <WorkspaceDetail
              item={selected}
              parentName={parent?.name ?? null}
              blockers={blocked?.id === selected.group_id ? blocked.blockers : []}
              onAddChild={() => setNaming({ mode: 'child', item: selected })}
              onRename={() => setNaming({ mode: 'rename', item: selected })}
              onMove={() => setMoving(selected)}
              onDelete={() => askDelete(selected)}
            />
          ) : (
            <Card loading={list.isPending}>
              <Empty />
            </Card>
          )}
        </div>
      </Flex>
      <NameDialog
        open={naming !== null}
        title={
          naming?.mode === 'child'
            ? t('workspace.addChildTitle', { name: naming.item.name })
            : t('workspace.renameTitle')
        }
        label={t('field.workspaceName')}
        initial={naming?.mode === 'rename' ? naming.item.name : undefined}
        onClose={() => setNaming(null)}
        onSubmit={saveName}
      />
      <MoveWorkspaceDialog
        item={moving}
        tree={tree}
        onClose={() => setMoving(null)}
        onSubmit={(parentId) => (moving ? move(moving, parentId, true) : Promise.resolve())}
      />
    </>
  );
}
