import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';

// Each module names what it stands on (the platform, or the modules it imports), so a module
// registered before them stops the boot instead of failing on its first call. Every folder of
// modules/ is checked, a new area included.
const root = path.join(import.meta.dirname, 'modules');
const areas = fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'index.ts')));

type EntryPlugin = FastifyPluginAsync & { [meta]?: { name: string; dependencies?: string[] } };
/** Where fastify-plugin keeps a plugin's name and dependencies. */
const meta = Symbol.for('plugin-meta');

async function entryPlugin(area: string): Promise<EntryPlugin> {
  const exports: Record<string, unknown> = await import(`./modules/${area}/index.ts`);
  // device-model's is deviceModelModule.
  const camel = area.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return exports[`${camel}Module`] as EntryPlugin;
}

/** The other areas an area's own (non-test) files import. */
function importedAreas(area: string): string[] {
  const found = new Set<string>();
  const files = fs.readdirSync(path.join(root, area), { recursive: true, encoding: 'utf8' });
  for (const file of files.filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name))) {
    const text = fs.readFileSync(path.join(root, area, file), 'utf8');
    for (const [, other] of text.matchAll(/from '\.\.\/([a-z-]+)'/g)) found.add(other);
  }
  return [...found].sort();
}

describe('module entry plugins', () => {
  it('finds every area', () => {
    expect(areas).toEqual(expect.arrayContaining(['account', 'setting', 'team', 'device', 'dashboard']));
  });

  it.each(areas)('%s refuses to boot without what it depends on', async (name) => {
    const app = Fastify();
    await expect(app.register(await entryPlugin(name))).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringContaining(`of plugin '${name}'`),
    });
    await app.close();
  });

  it.each(areas)('%s names every module it imports as a dependency', async (name) => {
    const declared = (await entryPlugin(name))[meta];
    expect(declared?.name).toBe(name);
    expect(declared?.dependencies ?? []).toEqual(expect.arrayContaining(importedAreas(name)));
  });
});
