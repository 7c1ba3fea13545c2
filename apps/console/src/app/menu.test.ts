import { PERMISSIONS, Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../lib/route-table';
import { allowedRoutes, findRoute } from './guard';
import { activeTab, buildMenu, buildTabs, locate, SCHEDULE_AUDIT_PATH, titleOf } from './menu';
import { APP_ROUTES } from './routes';

const all = allowedRoutes(APP_ROUTES, PERMISSIONS);
const moduleAt = (path: string) => all.find((route) => route.path === path);

describe('side navigation', () => {
  it('lists the modules that carry an icon and a title, in table order', () => {
    expect(buildMenu(all, Role.system).map((entry) => entry.path)).toEqual([
      '/home',
      '/user',
      '/device',
      '/content',
      '/schedule',
      '/ota',
      '/notice',
      '/statistics',
      '/license',
      '/setting',
    ]);
  });

  it('leaves out hidden routes and routes without icon or title', () => {
    const table: AppRoute[] = [
      { path: '/a', permission: 'device', title: 'route.a', icon: 'home' },
      { path: '/b', permission: 'device', title: 'route.b', icon: 'device', hidden: true },
      { path: '/c', permission: 'device', title: 'route.c' },
      { path: '/d', permission: 'device', icon: 'content' },
    ];
    expect(buildMenu(table, null).map((entry) => entry.path)).toEqual(['/a']);
  });

  it('points each module at the page it opens and carries the tour anchors', () => {
    const menu = buildMenu(all, Role.owner);
    expect(menu.find((entry) => entry.path === '/content')).toMatchObject({
      to: '/content/image',
      anchor: 'route-Content',
    });
    expect(menu.find((entry) => entry.path === '/device')?.anchor).toBe('route-Devices');
    expect(menu.find((entry) => entry.path === '/schedule')?.anchor).toBe('route-Schedule');
  });

  it('shows only modules the permissions allow', () => {
    const allowed = allowedRoutes(APP_ROUTES, ['dashboard:data', 'profile:info', 'res', 'res:video:list']);
    expect(buildMenu(allowed, Role.user).map((entry) => [entry.path, entry.to])).toEqual([
      ['/home', '/home'],
      ['/content', '/content/video'],
    ]);
  });
});

describe('tab bar', () => {
  const context = { roleId: Role.owner, scheduleConfirm: true };

  it('shows the visible children of the module, without hidden detail pages', () => {
    const paths = buildTabs(moduleAt('/content'), context).map((tab) => tab.path);
    expect(paths).toContain('/content/image');
    expect(paths).not.toContain('/content/play-list/add');
    expect(paths).not.toContain('/content/play-list/:id');
  });

  it('hides the approval list while the schedule-confirm setting is off', () => {
    const on = buildTabs(moduleAt('/schedule'), context).map((tab) => tab.path);
    const off = buildTabs(moduleAt('/schedule'), { ...context, scheduleConfirm: false }).map(
      (tab) => tab.path,
    );
    expect(on).toEqual(['/schedule/live', SCHEDULE_AUDIT_PATH]);
    expect(off).toEqual(['/schedule/live']);
  });

  it('titles the user list "manage use admin" for customers and "manage member" for others', () => {
    const title = (roleId: number) =>
      buildTabs(moduleAt('/user'), { roleId, scheduleConfirm: false }).find(
        (tab) => tab.path === '/user/list',
      )?.title;
    expect(title(Role.customer)).toBe('route.userListCustomer');
    for (const role of [Role.system, Role.systemOperator, Role.owner, Role.userAdmin, Role.user]) {
      expect(title(role)).toBe('route.userList');
    }
  });

  it('titles the companies tab "User groups" inside a company, where the page lists user groups', () => {
    const route = findRoute(APP_ROUTES, '/user/company')!;
    expect(titleOf(route, Role.owner)).toBe('route.userGroups');
    expect(titleOf(route, Role.userAdmin)).toBe('route.userGroups');
    expect(titleOf(route, Role.customer)).toBe('route.company');
    expect(titleOf(route, Role.system)).toBe('route.company');
  });

  it('titles the license details per role', () => {
    const route = findRoute(APP_ROUTES, '/license/license-detail')!;
    expect(titleOf(route, Role.customer)).toBe('route.licenseSearch');
    expect(titleOf(route, Role.owner)).toBe('route.licenseBind');
    expect(titleOf(route, Role.system)).toBe('route.licenseDetail');
    expect(titleOf(route, null)).toBe('route.licenseDetail');
  });

  it('marks the tab of the page, and of the list a detail page belongs to', () => {
    const tabs = buildTabs(moduleAt('/content'), context);
    expect(activeTab(tabs, '/content/video')).toBe('/content/video');
    expect(activeTab(tabs, '/content/play-list/7')).toBe('/content/play-list');
    expect(activeTab(tabs, '/elsewhere')).toBeUndefined();
  });

  it('finds the module of a page, including pages whose path sits outside the module prefix', () => {
    expect(locate(all, '/owner/add/3').module?.path).toBe('/user');
    expect(locate(all, '/device/video-wall/4').module?.path).toBe('/device');
    expect(locate(all, '/nowhere')).toEqual({});
  });
});
