import * as contract from '@vitrine/contract';
import { isOperation, type Operation } from '@vitrine/contract';
import { expect, it } from 'vitest';
import { buildTestApp } from './test/app';
import { operationsOf } from './test/openapi';

// Every operation the contract declares is a route of the server with the same method, path and
// access, so the console never calls a path the server does not serve.

/** The contract's operations: exported one by one or grouped by area. */
function contractOperations(): [string, Operation][] {
  return Object.entries(contract).flatMap(([name, value]): [string, Operation][] => {
    if (isOperation(value)) return [[name, value]];
    if (typeof value !== 'object' || value === null) return [];
    return Object.entries(value)
      .filter((entry): entry is [string, Operation] => isOperation(entry[1]))
      .map(([key, op]) => [`${name}.${key}`, op]);
  });
}

it('serves every operation of the contract with its method, path and access', async () => {
  const app = await buildTestApp();
  const documented = operationsOf(app);
  const operations = contractOperations();
  expect(operations.length).toBeGreaterThan(0);
  const mismatches = operations.flatMap(([name, op]) => {
    const served = app.routeAccess.find((route) => route.method === op.method && route.url === op.path);
    if (!served || documented({ method: op.method, url: op.path }) === undefined) {
      return [`${name}: ${op.method} ${op.path} is not served`];
    }
    return JSON.stringify(served.access) === JSON.stringify(op.access)
      ? []
      : [`${name}: ${op.method} ${op.path} is served with ${JSON.stringify(served.access)}`];
  });
  expect(mismatches).toEqual([]);
});

it('declares each method and path once', () => {
  const keys = contractOperations().map(([, op]) => `${op.method} ${op.path}`);
  expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
});
