import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { describe, expect, it } from 'vitest';

// Each module names what it stands on (the platform, or the modules it imports), so a module
// registered before them stops the boot instead of failing on its first call. Every folder of
// modules/ is checked, a new area included.
const root = path.join(import.meta.dirname, 'modules');
const areas = fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'index.ts')));

async function entryPlugin(area: string): Promise<FastifyPluginAsync> {
  const exports: Record<string, unknown> = await import(`./modules/${area}/index.ts`);
  return exports[`${area}Module`] as FastifyPluginAsync;
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
});
