import { createHash } from 'node:crypto';
import type { OtaReportRequest, PlayerUpgrade } from '@vitrine/contract';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { downloadCacheName } from './builds';
import type { Download } from './download';
import { UpgradeFailed } from './failed';
import type { Pin } from './pin';
import { memoryCaches } from './testing';
import { Upgrader, type UpgraderOptions } from './upgrader';

const zip = zipSync({ 'index.html': strToU8('<p>'), 'assets/a.js': strToU8('1') });
const md5 = createHash('md5').update(zip).digest('hex');
const offer = (fields: Partial<PlayerUpgrade> = {}): PlayerUpgrade => ({
  plan_id: 3,
  version: '1.22.0',
  md5,
  size: zip.byteLength,
  mandatory: true,
  url: '/backend/player/ota/package/3',
  ...fields,
});

/** A download of the zip kept in its cache (as downloadPackage leaves it), its MD5 `actual`. */
const downloaded =
  (actual = md5): UpgraderOptions['download'] =>
  async (upgrade, storage) => {
    await (await storage.open(downloadCacheName(upgrade.md5))).put(
      '/player/download/piece/0',
      new Response(zip),
    );
    return {
      md5: actual,
      serverMd5: md5,
      pieces: async function* () {
        yield zip;
      },
    } satisfies Download;
  };

function setUp(overrides: Partial<UpgraderOptions> = {}) {
  const storage = memoryCaches();
  const reports: OtaReportRequest[] = [];
  const pins: Pin[] = [];
  const switched: string[] = [];
  const options: UpgraderOptions = {
    version: '1.21.13 build 250626 Release',
    running: null,
    storage: () => storage,
    download: vi.fn(downloaded()),
    report: async (report) => void reports.push(report),
    trial: vi.fn(async () => {}),
    savePin: (pin) => void pins.push(pin),
    switchTo: (version) => void switched.push(version),
    ...overrides,
  };
  const upgrader = new Upgrader(options);
  const settled = () =>
    vi.waitFor(() => expect(switched.length + reports.filter((r) => r.state === 'failed').length).toBe(1));
  return { storage, reports, pins, switched, options, upgrader, settled };
}

describe('Upgrader', () => {
  it('downloads, checks, keeps and tries a mandatory offer, then pins it and switches', async () => {
    const { storage, reports, pins, switched, options, upgrader, settled } = setUp({ running: '1.21.20' });
    upgrader.offer(offer());
    await settled();
    expect(reports).toEqual([
      { plan_id: 3, state: 'downloading' },
      { plan_id: 3, state: 'installing' },
    ]);
    expect(options.download).toHaveBeenCalledWith(offer(), storage, expect.any(AbortSignal));
    expect(options.trial).toHaveBeenCalledWith(
      '/player/v/1.22.0/index.html?trial=1',
      '1.22.0',
      expect.any(AbortSignal),
    );
    expect(await storage.keys()).toEqual(['vitrine-build-1.22.0']);
    expect(pins).toEqual([{ version: '1.22.0', previous: '1.21.20', plan_id: 3, healthy: false, boots: 0 }]);
    expect(switched).toEqual(['1.22.0']);
  });

  it('leaves an optional offer, and one for the version it runs, alone', async () => {
    const { reports, upgrader, options } = setUp({ version: '1.22.0' });
    upgrader.offer(offer({ mandatory: false }));
    upgrader.offer(offer());
    expect(upgrader.trying).toBe(false);
    expect(options.download).not.toHaveBeenCalled();
    expect(reports).toEqual([]);
  });

  it('reports a wrong MD5 as failed, drops the download, keeps nothing and does not try the plan again', async () => {
    const { storage, reports, switched, upgrader, options, settled } = setUp({
      download: vi.fn(downloaded('0'.repeat(32))),
    });
    upgrader.offer(offer());
    await settled();
    expect(reports.at(-1)).toEqual({
      plan_id: 3,
      state: 'failed',
      reason_code: 'md5',
      reason_params: { actual: '0'.repeat(32), expected: md5 },
      reason: `The package's MD5 ${'0'.repeat(32)} is not the plan's ${md5}.`,
    });
    expect(reports.map((report) => report.state)).toEqual(['downloading', 'failed']);
    expect(await storage.keys()).toEqual([]);
    expect(switched).toEqual([]);
    upgrader.offer(offer());
    expect(options.download).toHaveBeenCalledTimes(1);
  });

  it('rolls back a build that does not come up healthy: failed with the reason, its cache dropped', async () => {
    const { storage, reports, pins, switched, upgrader, settled } = setUp({
      trial: async () => {
        throw new UpgradeFailed(
          'not_healthy',
          { version: '1.22.0', seconds: 60 },
          'Version 1.22.0 did not come up healthy within 60 s.',
        );
      },
    });
    upgrader.offer(offer());
    await settled();
    expect(reports.at(-1)).toEqual({
      plan_id: 3,
      state: 'failed',
      reason_code: 'not_healthy',
      reason_params: { version: '1.22.0', seconds: 60 },
      reason: 'Version 1.22.0 did not come up healthy within 60 s.',
    });
    expect(await storage.keys()).toEqual([]);
    expect(pins).toEqual([]);
    expect(switched).toEqual([]);
    expect(upgrader.trying).toBe(false);
  });

  it('says why a download was refused', async () => {
    const { reports, upgrader, settled } = setUp({
      download: async () => {
        throw new Error('Not found');
      },
    });
    upgrader.offer(offer());
    await settled();
    expect(reports.at(-1)).toMatchObject({
      reason_code: 'not_installed',
      reason_params: { version: '1.22.0', error: 'Error: Not found' },
      reason: 'Version 1.22.0 could not be installed: Error: Not found',
    });
  });

  it('refuses without Cache Storage', async () => {
    const { reports, upgrader, settled } = setUp({ storage: () => null });
    upgrader.offer(offer());
    await settled();
    expect(reports).toEqual([
      {
        plan_id: 3,
        state: 'failed',
        reason_code: 'no_storage',
        reason_params: {},
        reason: 'This screen cannot keep an upgrade: Cache Storage needs HTTPS.',
      },
    ]);
  });

  it('stops quietly when the offer goes (paused or cancelled), and drops what it kept', async () => {
    let release: () => void = () => {};
    const { storage, reports, switched, upgrader } = setUp({
      trial: (_url, _version, signal) =>
        new Promise((_resolve, reject) => {
          release = () => reject(new UpgradeFailed('withdrawn', {}, 'The upgrade was withdrawn.'));
          signal.addEventListener('abort', release);
        }),
    });
    upgrader.offer(offer());
    await vi.waitFor(() => expect(reports).toHaveLength(2));
    await vi.waitFor(async () => expect(await storage.keys()).toEqual(['vitrine-build-1.22.0']));
    upgrader.offer(null);
    expect(upgrader.trying).toBe(false);
    await vi.waitFor(async () => expect(await storage.keys()).toEqual([]));
    expect(reports.map((report) => report.state)).toEqual(['downloading', 'installing']);
    expect(switched).toEqual([]);
  });

  it('drops a download under way when the offer goes', async () => {
    const { storage, reports, upgrader } = setUp({
      download: async (upgrade, storage, signal) => {
        await (await storage.open(downloadCacheName(upgrade.md5))).put(
          '/player/download/piece/0',
          new Response('1'),
        );
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      },
    });
    upgrader.offer(offer());
    await vi.waitFor(async () => expect(await storage.keys()).toEqual([downloadCacheName(md5)]));
    upgrader.offer(null);
    await vi.waitFor(async () => expect(await storage.keys()).toEqual([]));
    expect(reports.map((report) => report.state)).toEqual(['downloading']);
  });

  it('drops what an earlier page or a failed try kept of a download once no mandatory offer stands', async () => {
    const { storage, upgrader, settled } = setUp({
      download: async (upgrade, storage) => {
        await (await storage.open(downloadCacheName(upgrade.md5))).put(
          '/player/download/piece/0',
          new Response('1'),
        );
        throw new UpgradeFailed('md5', {}, 'Cut short.');
      },
    });
    await (await storage.open(downloadCacheName('f'.repeat(32)))).put(
      '/player/download/piece/0',
      new Response('1'),
    );
    await storage.open('vitrine-build-1.22.0');
    // An optional offer downloads nothing: the pieces an earlier page kept go.
    upgrader.offer(offer({ mandatory: false }));
    await vi.waitFor(async () => expect(await storage.keys()).toEqual(['vitrine-build-1.22.0']));
    // A failed try keeps its pieces while its offer stands (a retry goes on from them), not after.
    upgrader.offer(offer());
    await settled();
    expect(await storage.keys()).toEqual([downloadCacheName(md5)]);
    upgrader.offer(offer());
    expect(await storage.keys()).toContain(downloadCacheName(md5));
    upgrader.offer(null);
    await vi.waitFor(async () => expect(await storage.keys()).toEqual([]));
  });
});
