import type { WorkspaceItem, WorkspaceNode } from '@vitrine/contract';

// Pure helpers over the workspace tree (spec 000 §3 "Workspace": a tree of group_id/name).

type Node = { group_id: number; children?: readonly Node[] };

export function findNode<T extends Node>(nodes: readonly T[], id: number | null | undefined): T | undefined {
  if (id === null || id === undefined) return undefined;
  for (const node of nodes) {
    if (node.group_id === id) return node;
    const inner = findNode((node.children ?? []) as readonly T[], id);
    if (inner) return inner;
  }
  return undefined;
}

/** The user's own workspace: the node marked 'own', else the first root. */
export function ownWorkspace(nodes: readonly WorkspaceNode[]): WorkspaceNode | undefined {
  const walk = (list: readonly WorkspaceNode[]): WorkspaceNode | undefined => {
    for (const node of list) {
      if (node.origin === 'own') return node;
      const inner = walk(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(nodes) ?? nodes[0];
}

/** The workspace to use: the saved one while it is still in the tree, else the user's own. */
export function resolveWorkspace(nodes: readonly WorkspaceNode[], saved: number | null): number | null {
  if (findNode(nodes, saved)) return saved;
  return ownWorkspace(nodes)?.group_id ?? null;
}

/** A node and everything under it: where it may not be moved to. */
export function subtreeIds(node: Node): Set<number> {
  const ids = new Set<number>([node.group_id]);
  for (const child of node.children ?? []) for (const id of subtreeIds(child)) ids.add(id);
  return ids;
}

export type WorkspaceTreeItem = WorkspaceItem & { children: WorkspaceTreeItem[] };

/** The flat list (GET workspace) as a tree; a workspace whose parent is not listed is a root. */
export function buildTree(items: readonly WorkspaceItem[]): WorkspaceTreeItem[] {
  const byId = new Map<number, WorkspaceTreeItem>(
    items.map((item) => [item.group_id, { ...item, children: [] }]),
  );
  const roots: WorkspaceTreeItem[] = [];
  for (const node of byId.values()) {
    const parent = node.parent_id === null ? undefined : byId.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The parent a dropped workspace gets: the target itself, or the target's parent when dropped beside it. */
export function dropParent(
  target: { group_id: number; parent_id: number | null },
  dropToGap: boolean,
): number | null {
  return dropToGap ? target.parent_id : target.group_id;
}

/** antd tree data: key/value = group_id, title = name. */
export type WorkspaceOption = {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children: WorkspaceOption[];
};

export function toOptions(
  nodes: readonly { group_id: number; name: string; children?: readonly unknown[] }[],
  disabled: ReadonlySet<number> = new Set(),
): WorkspaceOption[] {
  return nodes.map((node) => ({
    value: node.group_id,
    key: node.group_id,
    title: node.name,
    disabled: disabled.has(node.group_id) || undefined,
    children: toOptions((node.children ?? []) as typeof nodes, disabled),
  }));
}
