import type { WorkspaceItem } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { workspaceNode } from '../../test/team';
import {
  buildTree,
  dropParent,
  findNode,
  ownWorkspace,
  resolveWorkspace,
  subtreeIds,
  toOptions,
} from './tree';

const tree = [
  workspaceNode({
    group_id: 1,
    name: 'Company',
    origin: 'sub',
    children: [
      workspaceNode({
        group_id: 2,
        name: 'North',
        origin: 'own',
        parent_id: 1,
        children: [workspaceNode({ group_id: 4, name: 'Depot', origin: 'sub', parent_id: 2 })],
      }),
      workspaceNode({ group_id: 3, name: 'South', origin: 'sub', parent_id: 1 }),
    ],
  }),
];

const item = (group_id: number, parent_id: number | null): WorkspaceItem => ({
  group_id,
  name: `W${group_id}`,
  parent_id,
  member_count: 0,
  device_count: 0,
  content_count: 0,
});

describe('workspace tree', () => {
  it('finds a node at any depth', () => {
    expect(findNode(tree, 4)?.name).toBe('Depot');
    expect(findNode(tree, 9)).toBeUndefined();
    expect(findNode(tree, null)).toBeUndefined();
  });

  it("keeps a saved workspace still in the tree, else goes back to the user's own", () => {
    expect(resolveWorkspace(tree, 3)).toBe(3);
    expect(resolveWorkspace(tree, 99)).toBe(2);
    expect(resolveWorkspace(tree, null)).toBe(2);
    expect(ownWorkspace([workspaceNode({ group_id: 7, origin: 'sub' })])?.group_id).toBe(7);
    expect(resolveWorkspace([], 5)).toBeNull();
  });

  it('builds the tree from the flat list; an orphan becomes a root', () => {
    const built = buildTree([item(1, null), item(2, 1), item(3, 2), item(5, 42)]);
    expect(built.map((node) => node.group_id)).toEqual([1, 5]);
    expect(built[0].children[0].children[0].group_id).toBe(3);
  });

  it('never lets a workspace move into its own branch', () => {
    const north = findNode(tree, 2)!;
    expect([...subtreeIds(north)].sort()).toEqual([2, 4]);
    const options = toOptions(tree, subtreeIds(north));
    expect(options[0].disabled).toBeUndefined();
    expect(options[0].children[0].disabled).toBe(true);
    expect(options[0].children[0].children[0].disabled).toBe(true);
  });

  it('drops into the target, or beside it under its parent', () => {
    expect(dropParent({ group_id: 3, parent_id: 1 }, false)).toBe(3);
    expect(dropParent({ group_id: 3, parent_id: 1 }, true)).toBe(1);
    expect(dropParent({ group_id: 1, parent_id: null }, true)).toBeNull();
  });
});
