import { lazyPage } from '../../lib/route-table';

// What the OTA area shows on other areas' screens: the shell's OTA dots, the upgrade-tips panel
// of the device list and the live schedules, and the /device/ota page of the device area's menu.
export { UpgradeTips } from './components/UpgradeTips';
export { useOtaDots } from './dots';

export const deviceOtaPage = lazyPage(() => import('./pages/DeviceOtaPage'), 'DeviceOtaPage');
