// What the OTA area shows on other areas' screens: the shell's OTA dots, the upgrade-tips panel
// of the device list and the live schedules, and the /device/ota and /device/ota/log pages of the
// device area's menu (loaded by those routes on demand, so the route table stays out of this module).
export { UpgradeTips } from './components/UpgradeTips';
export { useOtaDots } from './dots';
export { DeviceOtaLogPage } from './pages/DeviceOtaLogPage';
export { DeviceOtaPage } from './pages/DeviceOtaPage';
