import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  allowedRoutes,
  decide,
  entryOf,
  findRoute,
  firstAllowedEntry,
  flattenRoutes,
  routesWithPages,
} from './guard';
import { APP_ROUTES, PUBLIC_ROUTES } from './routes';

// The guard is checked against the FULL route table of spec 000 §2, pages or not.
const tables = { publicRoutes: PUBLIC_ROUTES, appRoutes: APP_ROUTES };
const signedIn = (permissions: readonly string[]) => ({ token: 'token', permissions });
const everything = signedIn(PERMISSIONS);

describe('guard decisions', () => {
  it('sends a visitor without a token to /login from any non-public path, the not-found page included', () => {
    for (const path of ['/', '/home', '/device/list', '/nowhere', '/404', '/profile/info']) {
      expect(decide(path, { token: null, permissions: [] }, tables)).toEqual({
        type: 'redirect',
        to: '/login',
      });
    }
  });

  it('opens every public route without a token', () => {
    for (const path of [
      '/login',
      '/user/active',
      '/register/active',
      '/forget',
      '/register',
      '/policy',
      '/terms',
    ]) {
      const decision = decide(path, { token: null, permissions: [] }, tables);
      expect(decision).toMatchObject({ type: 'allow', isPublic: true, route: { path } });
    }
  });

  it('opens the not-found page with a token', () => {
    expect(decide('/404', everything, tables)).toMatchObject({ type: 'allow', isPublic: true });
  });

  it('sends unknown paths to /404', () => {
    expect(decide('/nowhere', everything, tables)).toEqual({ type: 'redirect', to: '/404' });
    expect(decide('/device/list/extra/segments', everything, tables)).toEqual({
      type: 'redirect',
      to: '/404',
    });
  });

  it('treats a route without its permission as unknown', () => {
    const held = ['device', 'device:dev:list'];
    expect(decide('/device/list', signedIn(held), tables)).toMatchObject({ type: 'allow' });
    expect(decide('/device/rule', signedIn(held), tables)).toEqual({ type: 'redirect', to: '/404' });
    expect(decide('/content/image', signedIn(held), tables)).toEqual({ type: 'redirect', to: '/404' });
  });

  it('sends / and /home to the first allowed route when home is not allowed', () => {
    const held = ['team', 'team:cus:list', 'device', 'device:ota:list'];
    expect(decide('/', signedIn(held), tables)).toEqual({ type: 'redirect', to: '/user/customer-list' });
    expect(decide('/home', signedIn(held), tables)).toEqual({ type: 'redirect', to: '/user/customer-list' });
  });

  it("sends / and /home to a session's own home when it may open it (a customer on a phone)", () => {
    const customer = { ...signedIn(DEFAULT_ROLE_PERMISSIONS[Role.customer]), home: '/setting/home' };
    expect(decide('/', customer, tables)).toEqual({ type: 'redirect', to: '/setting/home' });
    expect(decide('/home', customer, tables)).toEqual({ type: 'redirect', to: '/setting/home' });
    expect(decide('/setting/home', customer, tables)).toMatchObject({ type: 'allow' });
    // Without the settings key the usual home stays.
    const withoutSettings = { ...signedIn(['dashboard:data']), home: '/setting/home' };
    expect(decide('/home', withoutSettings, tables)).toMatchObject({
      type: 'allow',
      route: { name: 'Home' },
    });
  });

  it('sends / to /home when home is allowed', () => {
    expect(decide('/', everything, tables)).toEqual({ type: 'redirect', to: '/home' });
    expect(decide('/home', everything, tables)).toMatchObject({ type: 'allow', route: { name: 'Home' } });
  });

  it('follows a module redirect, or the first permitted child when the target is not allowed', () => {
    expect(decide('/content', everything, tables)).toEqual({ type: 'redirect', to: '/content/image' });
    expect(decide('/content', signedIn(['res', 'res:video:list']), tables)).toEqual({
      type: 'redirect',
      to: '/content/video',
    });
    expect(decide('/device/video-wall', everything, tables)).toEqual({
      type: 'redirect',
      to: '/device/video-wall/0',
    });
  });

  it('sends every role of the default matrix from / to a route it may open', () => {
    for (const role of Object.values(Role)) {
      const decision = decide('/', signedIn(DEFAULT_ROLE_PERMISSIONS[role]), tables);
      expect(decision.type).toBe('redirect');
      if (decision.type !== 'redirect') continue;
      expect(decide(decision.to, signedIn(DEFAULT_ROLE_PERMISSIONS[role]), tables).type).toBe('allow');
    }
  });

  it('prefers fixed paths over parameters', () => {
    expect(findRoute(APP_ROUTES, '/content/play-list/add')?.title).toBe('route.playlistAdd');
    expect(findRoute(APP_ROUTES, '/content/play-list/12')?.title).toBe('route.playlistInfo');
    expect(findRoute(APP_ROUTES, '/device/list')?.name).toBe('DevicesList');
    expect(findRoute(APP_ROUTES, '/device/42')?.title).toBe('route.deviceInfo');
    expect(decide('/user/active', everything, tables)).toMatchObject({ isPublic: true });
  });
});

describe('allowed routes', () => {
  it('keeps only the permitted children of a parent', () => {
    const allowed = allowedRoutes(APP_ROUTES, ['device', 'device:dev:list', 'device:sensor:list']);
    const device = allowed.find((route) => route.path === '/device');
    expect(device?.children?.map((route) => route.path)).toEqual(['/device/list', '/device/sensors']);
  });

  it('drops a parent whose children are all refused, and a parent without its own key', () => {
    expect(allowedRoutes(APP_ROUTES, ['device']).some((route) => route.path === '/device')).toBe(false);
    expect(allowedRoutes(APP_ROUTES, ['device:dev:list']).some((route) => route.path === '/device')).toBe(
      false,
    );
  });

  it('opens a parent whose permission is a list when any one key is held', () => {
    const allowed = allowedRoutes(APP_ROUTES, ['statistics:export:list']);
    expect(allowed.map((route) => route.path)).toEqual(['/statistics']);
    expect(entryOf(allowed[0], allowed)).toBe('/statistics/export');
  });

  it('gives a parent with no permitted child no entry', () => {
    expect(firstAllowedEntry(allowedRoutes(APP_ROUTES, []))).toBeNull();
  });

  it('declares a permission key on every authenticated route, all of them from the contract', () => {
    for (const route of flattenRoutes(APP_ROUTES)) {
      expect(route.permission, route.path).toBeDefined();
      const keys = typeof route.permission === 'string' ? [route.permission] : route.permission!;
      for (const key of keys) expect(PERMISSIONS as readonly string[], `${route.path} ${key}`).toContain(key);
    }
  });

  it('keeps only routes with a page, and parents or redirects that lead to one', () => {
    const paths = flattenRoutes(routesWithPages(APP_ROUTES)).map((route) => route.path);
    // A route without a page is data waiting for the area that builds it; its parent stays only
    // to lead to a page.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/home',
        '/profile/info',
        '/user/list',
        '/setting/permission',
        '/device',
        '/device/list',
        '/device/:device_id',
        '/content',
        '/content/image',
        '/content/play-list',
        '/content/play-list/:id',
        '/content/composition-list',
        '/schedule',
        '/schedule/live',
        '/schedule/add/:id?',
        '/schedule/spot/:id?',
        '/schedule/sensors/:id?',
        '/schedule/videowall/:id?',
        '/schedule/edit/:id',
        '/schedule/audits/:id',
        '/setting/exclude-data',
        '/notice/content-error',
        '/statistics',
        '/statistics/playback-log',
        '/statistics/export',
      ]),
    );
    expect(paths).toContain('/device/sensors');
    expect(paths).toContain('/device/rule');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/device/video-wall-list',
        '/device/video-wall/:wall_id',
        '/content/videowall-list',
      ]),
    );
  });
});
