import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import type { SensorItem, SensorType } from '@vitrine/contract';
import { Button, Flex, Space, type TableProps, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddButton } from '../../../components/AddButton';
import { confirmDelete } from '../../../components/confirm';
import { IconAction } from '../../../components/IconAction';
import { useItemDrawer } from '../../../components/ItemDrawer';
import { ListPage } from '../../../components/ListPage';
import { Name } from '../../../components/Name';
import { leftToRight } from '../../../lib/bidi';
import { sortOrderOf, useListView } from '../../../lib/list-params';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permissions';
import { deleteOfferingDetach } from '../../content/ui';
import { useDeleteSensors, useSensorList } from '../api';
import { SensorDrawer } from '../components/SensorDrawer';
import { SensorIconsDialog } from '../components/SensorIconsDialog';
import { SensorSecretDialog } from '../components/SensorSecretDialog';
import { SensorTypeIcon } from '../components/SensorTypeIcon';

const NO_FILTERS = [] as const;
/** How wide the screens cell may grow before its tags wrap. */
const TAGS_WIDTH = 320;

/** /device/sensors: the workspace's tags, buttons and detectors, and the screens that listen to each. */
export function SensorListPage() {
  const { t } = useTranslation(['sensor', 'common']);
  const { view, query, update } = useListView(NO_FILTERS);
  const list = useSensorList(query);
  const remove = useDeleteSensors();
  const canAdd = usePermission('device:sensor:add');
  const canEdit = usePermission('device:sensor:edit');
  const canDelete = usePermission('device:sensor:del');
  // A sensor schedule is made in /schedule/sensors, its tag ticked (spec 000 §2: query tag_ids).
  const mayAddSchedules = usePermission('schedule:add');
  const canSchedule = usePermission('schedule:sensor:add') && mayAddSchedules;
  const navigate = useNavigate();
  const drawer = useItemDrawer<SensorItem>();
  const [iconsOpen, setIconsOpen] = useState(false);
  const [secretOf, setSecretOf] = useState<SensorItem | null>(null);

  const askDelete = (item: SensorItem) =>
    confirmDelete({
      content: t('deleteConfirm', { name: item.name }),
      // Sensor schedules may react to it: then the offer to take it out of them and delete.
      onOk: () =>
        deleteOfferingDetach(
          [{ id: item.id, name: item.name }],
          { intro: t('inUse'), okText: t('detach') },
          (detach) => remove.mutateAsync({ ids: [item.id], detach }),
          () => notify({ type: 'success', title: t('deleted') }),
        ),
    });

  const sorted = (column: string) => ({ sorter: true, sortOrder: sortOrderOf(view.sort, column) });
  const columns: TableProps<SensorItem>['columns'] = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      ...sorted('name'),
      render: (name: string, item) => (
        <Space size={8}>
          <SensorTypeIcon type={item.type} />
          <Name>{name}</Name>
        </Space>
      ),
    },
    {
      title: t('field.sensorId'),
      dataIndex: 'sensor_id',
      ...sorted('sensor_id'),
      render: (id: string, item) => (
        <Space size={4} wrap>
          <code>{leftToRight(id)}</code>
          {item.has_secret ? (
            <Tag icon={<KeyOutlined />} style={{ marginInlineEnd: 0 }}>
              {t('secret.tag')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('field.type'),
      dataIndex: 'type',
      ...sorted('type'),
      render: (type: SensorType) => t(`type.${type}`),
    },
    {
      title: t('field.screens'),
      dataIndex: 'devices',
      render: (screens: SensorItem['devices']) =>
        screens.length === 0 ? (
          t('noScreens')
        ) : (
          <Flex wrap gap={4} style={{ maxInlineSize: TAGS_WIDTH }}>
            {screens.map((screen) => (
              <Tag key={screen.id} style={{ marginInlineEnd: 0 }}>
                {screen.name ?? leftToRight(screen.signage_id)}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: t('field.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_, item) => (
        <Space size={0}>
          {canSchedule ? (
            <IconAction
              label={t('action.schedule', { name: item.name })}
              icon={<ScheduleOutlined />}
              onClick={() => navigate(`/schedule/sensors?tag_ids=${item.id}`)}
            />
          ) : null}
          {canEdit ? (
            <IconAction
              label={t('action.secret', { name: item.name })}
              icon={<KeyOutlined />}
              onClick={() => setSecretOf(item)}
            />
          ) : null}
          {canEdit ? (
            <IconAction
              label={t('action.edit', { name: item.name })}
              icon={<EditOutlined />}
              onClick={() => drawer.edit(item)}
            />
          ) : null}
          {canDelete ? (
            <IconAction
              label={t('action.delete', { name: item.name })}
              icon={<DeleteOutlined />}
              onClick={() => askDelete(item)}
              danger
            />
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<SensorItem>
      title={t('common:route.sensors')}
      extra={
        <Space wrap>
          <Button icon={<AppstoreOutlined />} onClick={() => setIconsOpen(true)}>
            {t('icons.title')}
          </Button>
          {canAdd ? <AddButton onClick={drawer.add}>{t('add')}</AddButton> : null}
        </Space>
      }
      search={{ id: 'sensor-search', placeholder: t('searchPlaceholder') }}
      view={view}
      update={update}
      table={{
        columns,
        list,
        totalText: (total) => t('total', { total }),
        emptyText: t('empty'),
      }}
    >
      <SensorDrawer {...drawer.props} />
      <SensorIconsDialog open={iconsOpen} onClose={() => setIconsOpen(false)} />
      <SensorSecretDialog sensor={secretOf} onClose={() => setSecretOf(null)} />
    </ListPage>
  );
}
