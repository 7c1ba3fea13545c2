import { describe, expect, it } from 'vitest';
import { buildUrl, dropBuild, hasBuild, keepBuild, keepOnlyBuilds, runningBuild } from './builds';
import { memoryCaches } from './testing';

const file = (path: string, text = path) => ({
  path,
  bytes: new TextEncoder().encode(text),
  type: 'text/plain',
});

describe('kept builds', () => {
  it('keeps each file at its URL under /player/v/<version>/, index.html last', async () => {
    const storage = memoryCaches();
    await keepBuild(storage, '1.22.0', [file('index.html', '<p>'), file('assets/a.js')]);
    expect([...storage.entries.get('vitrine-build-1.22.0')!.keys()]).toEqual([
      '/player/v/1.22.0/assets/a.js',
      '/player/v/1.22.0/index.html',
    ]);
    const page = await (await storage.open('vitrine-build-1.22.0')).match('/player/v/1.22.0/index.html');
    expect(page?.headers.get('content-type')).toBe('text/plain');
    expect(await page?.text()).toBe('<p>');
    expect(await hasBuild(storage, '1.22.0')).toBe(true);
    expect(await hasBuild(storage, '1.23.0')).toBe(false);
  });

  it('counts a build without its index.html as not kept', async () => {
    const storage = memoryCaches();
    await (await storage.open('vitrine-build-1.22.0')).put('/player/v/1.22.0/assets/a.js', new Response('1'));
    expect(await hasBuild(storage, '1.22.0')).toBe(false);
  });

  it('drops one build, or all but some, and leaves other caches alone', async () => {
    const storage = memoryCaches();
    for (const version of ['1.22.0', '1.23.0', '1.24.0'])
      await keepBuild(storage, version, [file('index.html')]);
    await storage.open('vitrine-media');
    await keepOnlyBuilds(storage, ['1.23.0', null]);
    expect(await storage.keys()).toEqual(['vitrine-build-1.23.0', 'vitrine-media']);
    await dropBuild(storage, '1.23.0');
    expect(await storage.keys()).toEqual(['vitrine-media']);
  });

  it('reads which kept build a page runs from its path', () => {
    expect(runningBuild('/player/')).toBeNull();
    expect(runningBuild('/player/v/1.22.0/')).toBe('1.22.0');
    expect(runningBuild('/player/v/1.22.0-beta.1/index.html')).toBe('1.22.0-beta.1');
    expect(buildUrl('1.22.0', 'index.html?trial=1')).toBe('/player/v/1.22.0/index.html?trial=1');
  });
});
