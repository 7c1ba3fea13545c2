import { DEFAULT_ROLE_PERMISSIONS, Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { decide, flattenRoutes } from '../../app/guard';
import { ROUTE_TABLES } from '../../app/route-tables';

const as = (role: Role) => ({ token: 'token', permissions: DEFAULT_ROLE_PERMISSIONS[role] });

describe('licence routes', () => {
  it('opens /license on the commercial page of each role', () => {
    expect(decide('/license', as(Role.system), ROUTE_TABLES)).toEqual({
      type: 'redirect',
      to: '/license/commercial-sy',
    });
    expect(decide('/license', as(Role.customer), ROUTE_TABLES)).toEqual({
      type: 'redirect',
      to: '/license/commercial-cus',
    });
    expect(decide('/license', as(Role.owner), ROUTE_TABLES)).toEqual({
      type: 'redirect',
      to: '/license/commercial-owner',
    });
  });

  it('offers every licence page', () => {
    const paths = flattenRoutes(ROUTE_TABLES.appRoutes).map((route) => route.path);
    expect(paths).toContain('/license/assign/:id?');
    expect(paths).toContain('/license/trial');
    expect(paths).toContain('/license/whitelist');
    expect(paths).toContain('/license/license-detail');
  });
});
