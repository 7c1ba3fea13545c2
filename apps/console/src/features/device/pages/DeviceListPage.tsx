import { PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type DeviceItem, Role } from '@vitrine/contract';
import { Button, Flex, Space, Typography } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useListView } from '../../../lib/list-params';
import { hasRole, usePermission } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { UpgradeTips } from '../../ota/ui';
import { StartupDrawer } from '../../startup/ui';
import { useDeviceList } from '../api';
import { AddDeviceDrawer } from '../components/AddDeviceDrawer';
import { BatchCommandMenu } from '../components/BatchCommandMenu';
import { DeviceEmpty } from '../components/DeviceEmpty';
import { DEVICE_FILTERS, DeviceFilters } from '../components/DeviceFilters';
import { DeviceTable } from '../components/DeviceTable';
import { EditDeviceDialog } from '../components/EditDeviceDialog';
import { MoveDevicesDialog } from '../components/MoveDevicesDialog';
import { useDeviceDelete } from '../components/use-device-delete';

const COMPANY_ROLES = [Role.owner, Role.userAdmin, Role.user] as const;

/** /device/list: the fleet with live status, filtered from the address. `act` opens the add drawer
 * and `signage_id` fills it in (the player's QR code links here). */
export function DeviceListPage() {
  const { t } = useTranslation(['device', 'common', 'startup']);
  const { view, query, update, params } = useListView(DEVICE_FILTERS);
  const list = useDeviceList(query);
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<DeviceItem | null>(null);
  const [moving, setMoving] = useState<DeviceItem[]>([]);
  const deletion = useDeviceDelete(() => setSelected([]));
  const adding = params.has('act');
  // Commands are calls of each device (device:dev:info).
  const canControl = usePermission('device:dev:info');
  // The company's startup media: its members see them, its owner changes them.
  const role = useSession().user?.role_id;
  const seesStartup = canControl && hasRole(role, COMPANY_ROLES);
  const [startupOpen, setStartupOpen] = useState(false);

  const chosen = (list.data?.list ?? []).filter((device) => selected.includes(device.device_id));
  const filtered = Boolean(view.keyword) || Object.keys(view.filters).length > 0;

  const closeDrawer = () => update({ act: null, signage_id: null, page: view.page }, true);

  return (
    <>
      <PageHeader
        title={t('common:route.deviceList')}
        extra={
          <Space wrap>
            {seesStartup ? (
              <Button id="startupMedia" icon={<PlayCircleOutlined />} onClick={() => setStartupOpen(true)}>
                {t('startup:button')}
              </Button>
            ) : null}
            <Button
              id="addDevice"
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => update({ act: 'add', page: view.page })}
            >
              {t('add.button')}
            </Button>
          </Space>
        }
      />
      <DeviceFilters view={view} onChange={update} />
      {chosen.length > 0 ? (
        <Flex wrap align="center" gap="small" style={{ marginBottom: 12 }}>
          <Typography.Text>{t('list.selected', { number: chosen.length })}</Typography.Text>
          {canControl ? <BatchCommandMenu devices={chosen} /> : null}
          <Button onClick={() => setMoving(chosen)}>{t('action.move')}</Button>
          <Button danger onClick={() => deletion.remove(chosen)} loading={deletion.busy}>
            {t('action.delete')}
          </Button>
        </Flex>
      ) : null}
      <DeviceTable
        data={list.data}
        // Only the first load spins: the 10-second refresh must not flicker the table.
        loading={list.isPending}
        view={view}
        onView={update}
        selected={selected}
        onSelect={setSelected}
        actions={{ busy: deletion.busy, edit: setEditing, move: setMoving, remove: deletion.remove }}
        empty={<DeviceEmpty filtered={filtered} />}
      />
      <AddDeviceDrawer
        open={adding}
        signageId={params.get('signage_id') ?? undefined}
        onClose={closeDrawer}
      />
      <EditDeviceDialog device={editing} onClose={() => setEditing(null)} />
      <MoveDevicesDialog
        devices={moving}
        onClose={(moved) => {
          setMoving([]);
          if (moved) setSelected([]);
        }}
      />
      {seesStartup ? (
        <StartupDrawer
          open={startupOpen}
          owner={{ company: true }}
          editable={role === Role.owner}
          onClose={() => setStartupOpen(false)}
        />
      ) : null}
      <UpgradeTips />
    </>
  );
}
