// What the OTA area shows on other areas' screens: the shell's OTA dots, the upgrade-tips panel
// of the device list and the live schedules, and the /device/ota page of the device area's menu
// (loaded by that route on demand, so the route table stays out of this module).
export { UpgradeTips } from './components/UpgradeTips';
export { useOtaDots } from './dots';
export { DeviceOtaPage } from './pages/DeviceOtaPage';
