import { describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import { flattenRoutes } from './guard';
import { APP_ROUTES, PUBLIC_ROUTES } from './routes';

const lookup = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('route table', () => {
  const routes = flattenRoutes([...PUBLIC_ROUTES, ...APP_ROUTES]);

  it('titles every route with a message of the common namespace', () => {
    for (const route of routes) {
      const keys = [route.title, ...Object.values(route.titleByRole ?? {})].filter(Boolean) as string[];
      for (const key of keys) expect(typeof lookup(key), `${route.path} ${key}`).toBe('string');
    }
  });

  it('has each path once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names the routes the console navigates to by name', () => {
    const named = Object.fromEntries(
      routes.filter((route) => route.name).map((route) => [route.name, route.path]),
    );
    expect(named).toEqual({
      UserLogin: '/login',
      Home: '/home',
      DevicesList: '/device/list',
      ImageList: '/content/image',
      ScheduleLiving: '/schedule/live',
      UserProfile: '/profile/info',
    });
  });

  it('gives every hasReturn route a hidden flag: detail pages are not tabs', () => {
    for (const route of routes.filter((r) => r.hasReturn)) expect(route.hidden, route.path).toBe(true);
  });
});
