import { Role } from './roles';

// Every permission key named in spec 000 §2 and §6, in the form module:entity:action.
// A module key alone (team, device, …) opens the module's parent route.
export const PERMISSIONS = [
  'dashboard:data',
  'team',
  'team:user:list',
  'team:cus:list',
  'team:group:list',
  'team:user:info',
  'team:user:add',
  'device',
  'device:dev:list',
  'device:dev:info',
  'device:videowall:list',
  'device:videowall:info',
  'device:videowall:add',
  'device:preset-prop:list',
  'device:scene:list',
  'device:ota:list',
  'device:timer:add',
  'device:sensor:list',
  'device:sensor:add',
  'device:sensor:edit',
  'device:sensor:info',
  'device:sensor:del',
  'res',
  'res:image:list',
  'res:video:list',
  'res:template:list',
  'res:composition:list',
  'res:document:list',
  'res:link:list',
  'res:stream:list',
  'res:music:list',
  'res:playlist:list',
  'res:playlist:add',
  'res:playlist:info',
  'res:videowall:list',
  'res:text:list',
  'res:com-temp:list',
  'res:com-sticker:list',
  'schedule',
  'schedule:list',
  'schedule:add',
  'schedule:info',
  'schedule:audit',
  'schedule:sensor:add',
  'schedule:sensor:edit',
  'ota',
  'ota:plan:list',
  'ota:pkg:list',
  'ota:appkey:list',
  'ota:custom-validation-rule:list',
  'ota:device-key:list',
  'notice:error-content-logs',
  'statistics:play-back-logs',
  'statistics:export:list',
  'license:company-shunt:list',
  'license:commercial:list',
  'license:shunt:list',
  'license:key:list',
  'license:trial:info',
  'license:white:list',
  'license:renewal-reminder:set',
  'workspace:tree',
  'setting',
  'setting:pms',
  'setting:sys:list',
  'setting:template-type:list',
  'setting:model-manage',
  'setting:sys:customer-logo',
  'setting:holiday:list',
  'setting:sys:mail-config',
  'setting:font-manage',
  'setting:custom-domain-rule:list',
  'setting:ota-history',
  'profile:info',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: string): value is Permission =>
  (PERMISSIONS as readonly string[]).includes(value);

const startsWith = (...prefixes: string[]) =>
  PERMISSIONS.filter((key) => prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}:`)));

const tenantContent: Permission[] = [
  ...startsWith('device', 'res', 'schedule'),
  'notice:error-content-logs',
  'statistics:play-back-logs',
  'statistics:export:list',
];
const teamManagement: Permission[] = [
  'team',
  'team:user:list',
  'team:user:info',
  'team:user:add',
  'team:group:list',
];

/**
 * The most a role can ever hold. The system role edits each role's grants on /setting/permission
 * within this ceiling (docs/permissions.md explains the reasoning per role).
 */
export const ROLE_CEILING: Record<Role, readonly Permission[]> = {
  [Role.system]: [
    'dashboard:data',
    'profile:info',
    ...teamManagement,
    'team:cus:list',
    ...startsWith('ota'),
    'device',
    'device:ota:list',
    'license:commercial:list',
    'license:key:list',
    'license:trial:info',
    'license:white:list',
    'license:renewal-reminder:set',
    ...startsWith('setting'),
  ],
  [Role.systemOperator]: [
    'dashboard:data',
    'profile:info',
    ...teamManagement,
    'team:cus:list',
    ...startsWith('ota'),
    'device',
    'device:ota:list',
    'license:commercial:list',
    'license:key:list',
    'license:trial:info',
    'license:white:list',
    'setting',
    'setting:sys:list',
    'setting:model-manage',
    'setting:template-type:list',
    'setting:font-manage',
    'setting:ota-history',
  ],
  [Role.customer]: [
    'dashboard:data',
    'profile:info',
    ...teamManagement,
    'license:shunt:list',
    'license:key:list',
    'setting',
    'setting:sys:customer-logo',
    'setting:custom-domain-rule:list',
  ],
  [Role.owner]: [
    'dashboard:data',
    'profile:info',
    ...teamManagement,
    ...tenantContent,
    'license:company-shunt:list',
    'license:key:list',
    'license:trial:info',
    'license:renewal-reminder:set',
    'workspace:tree',
    'setting',
    'setting:holiday:list',
    'setting:font-manage',
    'setting:template-type:list',
    'setting:ota-history',
  ],
  [Role.userAdmin]: [
    'dashboard:data',
    'profile:info',
    ...teamManagement,
    ...tenantContent,
    'license:key:list',
    'workspace:tree',
    'setting',
    'setting:holiday:list',
    'setting:font-manage',
    'setting:ota-history',
  ],
  [Role.user]: [
    'dashboard:data',
    'profile:info',
    'team',
    'team:user:list',
    'team:user:info',
    ...tenantContent.filter(
      (key) => !key.startsWith('device:ota') && !key.startsWith('device:videowall:add'),
    ),
  ],
};

const without = (keys: readonly Permission[], ...removed: Permission[]) =>
  keys.filter((key) => !removed.includes(key));

/** What each role holds on a new installation. */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  [Role.system]: ROLE_CEILING[Role.system],
  [Role.systemOperator]: ROLE_CEILING[Role.systemOperator],
  [Role.customer]: ROLE_CEILING[Role.customer],
  [Role.owner]: ROLE_CEILING[Role.owner],
  [Role.userAdmin]: ROLE_CEILING[Role.userAdmin],
  // A user creates content and schedules that need approval: no audit, no team lists by default.
  [Role.user]: without(ROLE_CEILING[Role.user], 'schedule:audit', 'team', 'team:user:list', 'team:user:info'),
};

/** Passes when any one of the required keys is held (spec 000 §6). */
export function hasAny(held: readonly string[], required: string | readonly string[]): boolean {
  const keys = typeof required === 'string' ? [required] : required;
  return keys.length === 0 || keys.some((key) => held.includes(key));
}
