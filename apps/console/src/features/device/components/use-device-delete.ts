import type { DeviceItem } from '@vitrine/contract';
import { useTranslation } from 'react-i18next';
import { confirmDelete } from '../../../components/confirm';
import { notify } from '../../../lib/notify';
import { useDeleteDevices } from '../api';

/** Deletes one device or a selection once DELETE is typed; `onDone` runs after it went through. */
export function useDeviceDelete(onDone?: () => void) {
  const { t } = useTranslation('device');
  const remove = useDeleteDevices();
  return {
    busy: remove.isPending,
    remove: (devices: readonly DeviceItem[]) =>
      confirmDelete({
        content: t('delete.confirm', { names: devices.map((device) => device.device_name).join(', ') }),
        onOk: () =>
          remove.mutateAsync(devices.map((device) => device.device_id)).then(() => {
            notify({ type: 'success', title: t('delete.done') });
            onDone?.();
          }),
      }),
  };
}
