import type { ProgramKind, ProgramRef, WorkspaceNode } from '@vitrine/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/permissions';
import { useWorkspaceTree } from '../../workspace/api';
import { useProgramOptions } from '../api';

type Props = {
  /** The device's workspace: what it plays by default comes from there or below. */
  workspaceId: number;
  value?: ProgramRef | null;
  onChange?: (value: ProgramRef | null) => void;
};

const NONE = '';
const keyOf = (ref: ProgramRef) => `${ref.kind}:${ref.id}`;

/** The ids of a workspace and those below it, if the tree holds it. */
function subtree(nodes: readonly WorkspaceNode[], id: number): Set<number> | null {
  for (const node of nodes) {
    if (node.group_id === id) {
      const ids = new Set<number>();
      const add = (from: WorkspaceNode) => {
        ids.add(from.group_id);
        for (const child of from.children) add(child);
      };
      add(node);
      return ids;
    }
    const found = subtree(node.children, id);
    if (found) return found;
  }
  return null;
}

/** The device's default content: a playlist or composition of its workspace (or below), or none. */
export function DefaultProgramSelect({ workspaceId, value, onChange }: Props) {
  const { t } = useTranslation('device');
  const playlists = usePermission('res:playlist:list');
  const compositions = usePermission('res:composition:list');
  const kinds = useMemo(
    () => [...(playlists ? ['playlist' as const] : []), ...(compositions ? ['composition' as const] : [])],
    [playlists, compositions],
  );
  const options = useProgramOptions(kinds, true);
  const tree = useWorkspaceTree();
  // Only what the device's workspace may play; without the tree (or the workspace in it), all.
  const reach = tree.data ? subtree(tree.data, workspaceId) : null;
  const usable = (options.data ?? []).filter((option) => !reach || reach.has(option.workspace_id));
  const group = (kind: ProgramKind) => ({
    label: t(`defaultProgram.${kind}`),
    options: usable
      .filter((option) => option.kind === kind)
      .map((option) => ({ value: keyOf(option), label: option.name })),
  });

  // A choice not among those loaded (past the first page) still shows as chosen.
  const known = !value || usable.some((option) => keyOf(option) === keyOf(value));
  const current =
    known || !value ? [] : [{ value: keyOf(value), label: t('defaultProgram.other', { id: value.id }) }];

  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isLoading}
      value={value ? keyOf(value) : NONE}
      onChange={(key) => {
        const [kind, id] = key.split(':');
        onChange?.(key === NONE ? null : { kind: kind as ProgramKind, id: Number(id) });
      }}
      options={[
        { value: NONE, label: t('defaultProgram.none') },
        ...current,
        ...kinds.map(group).filter((entry) => entry.options.length > 0),
      ]}
      aria-label={t('field.defaultProgram')}
    />
  );
}
