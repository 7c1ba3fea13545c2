import { PERMISSIONS, type Permission } from '@vitrine/contract';

// What each permission key reads as on the matrix: the title of the page it opens where there is
// one (the 'common' route titles), else a label of its own ('team' namespace).

const own = (name: string) => `team:permission.label.${name}`;
const route = (name: string) => `common:route.${name}`;

export const PERMISSION_LABEL: Record<Permission, string> = {
  'dashboard:data': route('home'),
  team: route('team'),
  'team:user:list': route('userList'),
  'team:cus:list': route('customerList'),
  'team:group:list': route('company'),
  'team:user:info': route('userInfo'),
  'team:user:add': own('userAdd'),
  device: route('device'),
  'device:dev:list': route('deviceList'),
  'device:dev:info': route('deviceInfo'),
  'device:videowall:list': route('videoWallList'),
  'device:videowall:info': route('videoWall'),
  'device:videowall:add': own('videoWallAdd'),
  'device:preset-prop:list': route('presetSetting'),
  'device:scene:list': route('deviceRule'),
  'device:ota:list': route('deviceOta'),
  'device:timer:add': route('deviceTimer'),
  'device:sensor:list': route('sensors'),
  'device:sensor:add': own('sensorAdd'),
  'device:sensor:edit': own('sensorEdit'),
  'device:sensor:info': own('sensorInfo'),
  'device:sensor:del': own('sensorDelete'),
  res: route('content'),
  'res:image:list': route('image'),
  'res:video:list': route('video'),
  'res:template:list': route('mobileTemplate'),
  'res:composition:list': route('composition'),
  'res:document:list': route('document'),
  'res:link:list': route('website'),
  'res:stream:list': route('stream'),
  'res:music:list': route('music'),
  'res:playlist:list': route('playlist'),
  'res:playlist:add': route('playlistAdd'),
  'res:playlist:info': route('playlistInfo'),
  'res:videowall:list': route('videoWallContent'),
  'res:text:list': route('text'),
  'res:com-temp:list': route('compositionTemplate'),
  'res:com-sticker:list': route('sticker'),
  schedule: route('schedule'),
  'schedule:list': route('scheduleLive'),
  'schedule:add': route('scheduleAdd'),
  'schedule:info': route('scheduleEdit'),
  'schedule:audit': route('scheduleApproval'),
  'schedule:sensor:add': own('sensorScheduleAdd'),
  'schedule:sensor:edit': own('sensorScheduleEdit'),
  ota: route('ota'),
  'ota:plan:list': route('otaPlan'),
  'ota:pkg:list': route('otaPackage'),
  'ota:appkey:list': route('otaAppKey'),
  'ota:custom-validation-rule:list': route('otaValidationExemption'),
  'ota:device-key:list': route('otaDeviceKey'),
  'notice:error-content-logs': route('contentError'),
  'statistics:play-back-logs': route('playbackLog'),
  'statistics:export:list': route('statisticsExport'),
  'license:company-shunt:list': own('licenseCompany'),
  'license:commercial:list': own('licensePlatform'),
  'license:shunt:list': own('licenseCustomer'),
  'license:key:list': route('licenseDetail'),
  'license:trial:info': route('licenseTrial'),
  'license:white:list': route('licenseWhitelist'),
  'license:renewal-reminder:set': route('licenseRemind'),
  'workspace:tree': route('workspaceList'),
  setting: route('setting'),
  'setting:pms': route('permission'),
  'setting:sys:list': route('server'),
  'setting:template-type:list': route('templateType'),
  'setting:model-manage': route('model'),
  'setting:sys:customer-logo': route('logo'),
  'setting:holiday:list': route('holiday'),
  'setting:sys:mail-config': own('mail'),
  'setting:font-manage': route('font'),
  'setting:custom-domain-rule:list': own('customDomain'),
  'setting:ota-history': route('deviceOtaLog'),
  'profile:info': route('profile'),
};

/** The title of each module's group on the matrix. */
const MODULE_TITLE: Record<string, string> = {
  dashboard: route('home'),
  team: route('team'),
  device: route('device'),
  res: route('content'),
  schedule: route('schedule'),
  ota: route('ota'),
  notice: route('notice'),
  statistics: route('statistics'),
  license: route('license'),
  workspace: route('workspaceList'),
  setting: route('setting'),
  profile: route('profile'),
};

export type PermissionGroup = { module: string; title: string; keys: Permission[] };

/** Every permission key grouped by its module (the part before the first ":"), in table order. */
export function groupPermissions(keys: readonly Permission[] = PERMISSIONS): PermissionGroup[] {
  const groups = new Map<string, PermissionGroup>();
  for (const key of keys) {
    const module = key.split(':')[0];
    const group = groups.get(module) ?? { module, title: MODULE_TITLE[module] ?? module, keys: [] };
    group.keys.push(key);
    groups.set(module, group);
  }
  return [...groups.values()];
}

/** A module key alone (team, device…) opens the module's menu entry. */
export const isModuleKey = (key: string) => !key.includes(':');
