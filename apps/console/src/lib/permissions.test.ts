import { Role } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import { hasPermission, hasRole } from './permissions';

describe('permission checks', () => {
  const held = ['device', 'device:dev:list'];

  it('passes a single key only when it is held', () => {
    expect(hasPermission(held, 'device:dev:list')).toBe(true);
    expect(hasPermission(held, 'device:dev:info')).toBe(false);
  });

  it('passes a list when any one key is held', () => {
    expect(hasPermission(held, ['res', 'device:dev:list'])).toBe(true);
    expect(hasPermission(held, ['res', 'schedule'])).toBe(false);
  });

  it('refuses everything to an empty permission list', () => {
    expect(hasPermission([], 'device')).toBe(false);
  });
});

describe('role checks', () => {
  it('takes one role or a list, any one passing', () => {
    expect(hasRole(Role.owner, Role.owner)).toBe(true);
    expect(hasRole(Role.owner, [Role.user, Role.owner])).toBe(true);
    expect(hasRole(Role.customer, [Role.user, Role.owner])).toBe(false);
  });

  it('refuses a missing role', () => {
    expect(hasRole(null, [Role.owner])).toBe(false);
    expect(hasRole(undefined, Role.owner)).toBe(false);
  });
});
