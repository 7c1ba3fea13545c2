import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { WorkspaceBlocker } from '@vitrine/contract';
import { Alert, Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { HoldingsTabs } from '../../team/ui';
import { workspaceHoldings } from '../api';
import type { WorkspaceTreeItem } from '../tree';

type Props = {
  item: WorkspaceTreeItem;
  parentName: string | null;
  blockers: readonly WorkspaceBlocker[];
  onAddChild: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
};

/** The selected workspace: its counts, its actions, and its members, devices and content. */
export function WorkspaceDetail({
  item,
  parentName,
  blockers,
  onAddChild,
  onRename,
  onMove,
  onDelete,
}: Props) {
  const { t } = useTranslation('team');
  const root = item.parent_id === null;

  return (
    <Card
      title={item.name}
      extra={
        <Flex wrap gap="small" justify="end">
          <Button icon={<PlusOutlined />} onClick={onAddChild}>
            {t('workspace.addChild')}
          </Button>
          <Button icon={<EditOutlined />} onClick={onRename}>
            {t('action.rename')}
          </Button>
          {root ? null : (
            <>
              <Button icon={<DragOutlined />} onClick={onMove}>
                {t('workspace.moveTo')}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
                {t('action.delete')}
              </Button>
            </>
          )}
        </Flex>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      {blockers.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          title={t('workspace.blocked', { name: item.name })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {blockers.map((blocker) => (
                <li key={blocker}>{t(`workspace.blocker.${blocker}`)}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('workspace.parent')}>
          {parentName ?? t('workspace.root')}
        </Descriptions.Item>
        <Descriptions.Item label={t('field.members')}>{item.member_count}</Descriptions.Item>
        <Descriptions.Item label={t('field.devices')}>{item.device_count}</Descriptions.Item>
        <Descriptions.Item label={t('workspace.content')}>{item.content_count}</Descriptions.Item>
      </Descriptions>
      <HoldingsTabs key={item.group_id} holdings={workspaceHoldings(item.group_id)} />
    </Card>
  );
}
