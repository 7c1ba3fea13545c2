// The control rules page, shown in the device area's menu (spec 000 §2 /device/rule).
export { RuleListPage } from './pages/RuleListPage';
