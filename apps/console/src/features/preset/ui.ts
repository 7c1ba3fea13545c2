// The preset page, shown in the device area's menu (spec 000 §2 /device/preset-setting).
export { PresetListPage } from './pages/PresetListPage';
