import { useQueryClient } from '@tanstack/react-query';
import { WORKSPACE_SWITCH_DEBOUNCE_MS } from '@vitrine/contract';
import { TreeSelect } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSession, setWorkspaceId, updateUser, useSession } from '../../../lib/session';
import { useSwitchWorkspace, useWorkspaceTree } from '../api';
import { resolveWorkspace, toOptions } from '../tree';

type Props = { compact?: boolean };

/** The top bar's workspace selector (spec 000 §2, §4): a choice is posted after 1 s of calm; a
 * saved workspace that left the tree falls back to the user's own. */
export function WorkspaceSelector({ compact = false }: Props) {
  // The shell's namespace: the top bar must not wait for the team pages' messages.
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const { workspaceId } = useSession();
  const tree = useWorkspaceTree();
  const switcher = useSwitchWorkspace();
  // The choice shown while the debounce runs and the call is under way.
  const [picked, setPicked] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);

  const activate = (groupId: number) => {
    setWorkspaceId(groupId);
    // Everything on screen belonged to the previous workspace.
    void queryClient.invalidateQueries();
  };

  const post = (groupId: number) =>
    switcher.mutate(groupId, {
      onSuccess: (info) => {
        updateUser(info);
        if (getSession().workspaceId !== groupId) activate(groupId);
      },
      onSettled: () => setPicked(null),
    });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the tree or the saved workspace changes.
  useEffect(() => {
    if (!tree.data) return;
    const usable = resolveWorkspace(tree.data, workspaceId);
    if (usable === null || usable === workspaceId) return;
    // The header must name a usable workspace before anything else is asked, the switch included.
    activate(usable);
    post(usable);
  }, [tree.data, workspaceId]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const choose = (groupId: number) => {
    clearTimeout(timer.current);
    if (groupId === workspaceId) {
      setPicked(null);
      return;
    }
    setPicked(groupId);
    timer.current = setTimeout(() => post(groupId), WORKSPACE_SWITCH_DEBOUNCE_MS);
  };

  return (
    <TreeSelect<number>
      id="workspaceSelector"
      aria-label={t('layout.workspace')}
      value={tree.data ? (picked ?? workspaceId ?? undefined) : undefined}
      treeData={options}
      onChange={choose}
      loading={tree.isPending || switcher.isPending}
      placeholder={t('layout.workspace')}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      popupMatchSelectWidth={false}
      className="shell-header__workspace"
      // On phones the page title needs the room: the selector stays a narrow chip.
      style={{ width: compact ? 104 : 220 }}
    />
  );
}
