import { Card, Empty, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dropParent, findNode, subtreeIds, type WorkspaceTreeItem } from '../tree';

type Props = {
  tree: readonly WorkspaceTreeItem[];
  loading: boolean;
  selected: number | null;
  onSelect: (id: number) => void;
  /** A workspace dragged under another one. */
  onMove: (item: WorkspaceTreeItem, parentId: number) => void;
};

type Node = TreeDataNode & { key: number; title: string; children: Node[] };

const allIds = (nodes: readonly Node[]): number[] =>
  nodes.flatMap((node) => [node.key, ...allIds(node.children)]);

const toNodes = (items: readonly WorkspaceTreeItem[]): Node[] =>
  items.map((item) => ({ key: item.group_id, title: item.name, children: toNodes(item.children) }));

/** The workspace tree; a workspace can be dragged under another (the root stays where it is). */
export function WorkspaceTreePanel({ tree, loading, selected, onSelect, onMove }: Props) {
  const { t } = useTranslation('team');
  const nodes = useMemo(() => toNodes(tree), [tree]);
  // Branches start open and stay open unless closed, new and moved ones included.
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const expanded = useMemo(() => allIds(nodes).filter((id) => !collapsed.has(id)), [nodes, collapsed]);

  const onDrop: TreeProps<Node>['onDrop'] = (info) => {
    const dragged = findNode(tree, Number(info.dragNode.key));
    const target = findNode(tree, Number(info.node.key));
    if (!dragged || !target) return;
    const parentId = dropParent(target, info.dropToGap);
    // Nowhere to go: beside a root, into itself or its own branch, or where it already is.
    if (parentId === null || subtreeIds(dragged).has(parentId) || parentId === dragged.parent_id) return;
    onMove(dragged, parentId);
  };

  return (
    <Card title={t('workspace.tree')} loading={loading} styles={{ body: { overflowX: 'auto' } }}>
      {nodes.length === 0 ? (
        <Empty />
      ) : (
        <Tree<Node>
          blockNode
          treeData={nodes}
          expandedKeys={expanded}
          onExpand={(keys) => {
            const open = new Set(keys.map(Number));
            setCollapsed(new Set(allIds(nodes).filter((id) => !open.has(id))));
          }}
          selectedKeys={selected === null ? [] : [selected]}
          onSelect={(keys) => keys.length > 0 && onSelect(Number(keys[0]))}
          draggable={{
            icon: false,
            nodeDraggable: (node) => findNode(tree, Number(node.key))?.parent_id != null,
          }}
          onDrop={onDrop}
        />
      )}
    </Card>
  );
}
