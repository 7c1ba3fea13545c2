import { useDeviceList } from '../../device/api';

/** The most devices read to learn their models (the list call's largest page). */
const PAGE_SIZE = 200;

/**
 * The device models a preset may be for: those of the workspace's screens (the catalogue itself is
 * the platform's), by name.
 */
export function useModelOptions(workspaceId: number | null) {
  const list = useDeviceList({
    page: 1,
    page_size: PAGE_SIZE,
    sort: 'device_name,asc',
    ...(workspaceId === null ? {} : { group_id: workspaceId }),
  });
  const models = new Map<number, string>();
  for (const device of list.data?.list ?? []) {
    if (device.model_id !== null && device.model_name !== null)
      models.set(device.model_id, device.model_name);
  }
  return [...models].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
