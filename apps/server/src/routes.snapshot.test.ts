import { expect, it } from 'vitest';
import { buildTestApp } from './test/app';

// Every /backend route with the access it declares. A change in this file is a permission change:
// review it, never just refresh it.
it('lists every route with its access', async () => {
  const app = await buildTestApp();
  const lines = app.routeAccess
    .map(
      ({ method, url, access }) =>
        `${method} ${url} → ${typeof access === 'string' ? access : access.join(' | ')}`,
    )
    .sort();
  await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/routes.snapshot.txt');
});
