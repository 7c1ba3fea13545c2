import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';

// The built player at /player (PLAYER_DIR): its files, its page for every path it routes itself,
// and a server that starts without it.

function builtPlayer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-player-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Player</title>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1);');
  return dir;
}

describe('the player at /player', () => {
  it('serves its files, and its page for its own paths', async () => {
    const app = await buildTestApp({ playerDir: builtPlayer() });
    for (const url of ['/player', '/player/', '/player/settings']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<title>Player</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/player/assets/main-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await app.inject({ method: 'GET', url: '/player/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/backend/nothing' })).json().code).toBe(404001);
  });

  it('starts without a built player', async () => {
    const app = await buildTestApp({ playerDir: path.join(os.tmpdir(), 'no-such-player') });
    expect((await app.inject({ method: 'GET', url: '/player' })).json().code).toBe(404001);
  });
});
