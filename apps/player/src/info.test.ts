import { describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONE } from './effects';
import {
  collectInfo,
  macFromQuery,
  mediaTypesOf,
  modelOf,
  orientationOf,
  resolutionOf,
  storageModeOf,
  storageOf,
} from './info';

describe('macFromQuery', () => {
  it('accepts a MAC with colons or dashes and normalises it', () => {
    expect(macFromQuery('?mac=aa:bb:cc:dd:ee:0f')).toBe('AA:BB:CC:DD:EE:0F');
    expect(macFromQuery('?lang=de&mac=AA-BB-CC-DD-EE-FF')).toBe('AA:BB:CC:DD:EE:FF');
  });

  it('rejects anything else', () => {
    expect(macFromQuery('')).toBeNull();
    expect(macFromQuery('?mac=')).toBeNull();
    expect(macFromQuery('?mac=AA:BB:CC:DD:EE')).toBeNull();
    expect(macFromQuery('?mac=GG:BB:CC:DD:EE:FF')).toBeNull();
    expect(macFromQuery('?mac=AA:BB:CC:DD:EE:FF:00')).toBeNull();
    expect(macFromQuery('?mac=<script>')).toBeNull();
  });
});

describe('orientationOf', () => {
  it('maps screen angles to the four orientations', () => {
    expect(orientationOf(0)).toBe(0);
    expect(orientationOf(90)).toBe(90);
    expect(orientationOf(180)).toBe(180);
    expect(orientationOf(270)).toBe(270);
    expect(orientationOf(-90)).toBe(270);
    expect(orientationOf(360)).toBe(0);
    expect(orientationOf(91)).toBe(90);
    expect(orientationOf(undefined)).toBe(0);
    expect(orientationOf(Number.NaN)).toBe(0);
  });
});

describe('resolutionOf', () => {
  it('reports physical pixels', () => {
    expect(resolutionOf(1920, 1080, 1)).toBe('1920x1080');
    expect(resolutionOf(1280, 720, 1.5)).toBe('1920x1080');
    expect(resolutionOf(1097, 617, 1.75)).toBe('1920x1080');
    expect(resolutionOf(800, 600, 0)).toBe('800x600');
  });
});

describe('storageModeOf', () => {
  it('uses Cache Storage only in a secure context that has it', () => {
    expect(storageModeOf(true, true)).toBe('cache-storage');
    expect(storageModeOf(false, true)).toBe('indexeddb');
    expect(storageModeOf(true, false)).toBe('indexeddb');
  });
});

describe('mediaTypesOf', () => {
  it('reports pictures, and each format the browser may play under all its names', () => {
    const chrome = (mime: string) =>
      ({ 'video/mp4': 'maybe', 'video/webm': 'maybe', 'audio/mpeg': 'probably', 'audio/wav': 'maybe' })[
        mime
      ] ?? '';
    expect(mediaTypesOf(chrome)).toEqual([
      'image/jpeg',
      'image/png',
      'video/mp4',
      'video/x-m4v',
      'video/webm',
      'audio/mpeg',
      'audio/mp3',
      'audio/wav',
      'audio/x-wav',
      'audio/wave',
      'audio/vnd.wave',
    ]);
    expect(mediaTypesOf(() => '')).toEqual(['image/jpeg', 'image/png']);
  });

  it('stays within what the contract takes (64 types of 64 characters)', () => {
    const all = mediaTypesOf(() => 'probably');
    expect(all.length).toBeLessThanOrEqual(64);
    expect(all).toContain('video/quicktime');
    expect(all.every((mime) => mime.length <= 64)).toBe(true);
  });
});

describe('storageOf', () => {
  it('reports the free bytes and the quota of the storage estimate', () => {
    expect(storageOf({ quota: 10_000.7, usage: 2_500 })).toEqual({
      free_storage: 7_500,
      storage_quota: 10_000,
    });
    expect(storageOf({ quota: 5_000 })).toEqual({ free_storage: 5_000, storage_quota: 5_000 });
    // Usage above the quota (a quota lowered after the files were kept): nothing free.
    expect(storageOf({ quota: 1_000, usage: 4_000 })).toEqual({ free_storage: 0, storage_quota: 1_000 });
  });

  it('says nothing when the browser does not', () => {
    const unknown = { free_storage: null, storage_quota: null };
    expect(storageOf(undefined)).toEqual(unknown);
    expect(storageOf({ usage: 10 })).toEqual(unknown);
    expect(storageOf({ quota: Number.NaN, usage: 10 })).toEqual(unknown);
  });
});

describe('collectInfo', () => {
  it('reports every field the contract knows', async () => {
    const info = await collectInfo('de');
    expect(info.player_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.resolution).toMatch(/^\d+x\d+$/);
    expect([0, 90, 180, 270]).toContain(info.orientation);
    expect(info.language).toBe('de');
    expect(info.mac).toBeNull();
    expect(info.storage_mode).toMatch(/^(cache-storage|indexeddb)$/);
    expect(info.media_types).toEqual(expect.arrayContaining(['image/jpeg', 'image/png']));
    expect(info.timezone).toBe(BROWSER_TIME_ZONE);
  });

  it('reports the time zone set for the screen', async () => {
    expect((await collectInfo('en', 'Asia/Tokyo')).timezone).toBe('Asia/Tokyo');
  });
});

describe('modelOf', () => {
  const chromeOnLinux =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('takes the kiosk launcher’s ?model=, cleaned and cut to 64 characters', () => {
    expect(modelOf('?model=%20LG%2055UH5F%20%0A', chromeOnLinux)).toBe('LG 55UH5F');
    expect(modelOf(`?model=${'x'.repeat(80)}`, chromeOnLinux)).toBe('x'.repeat(64));
    expect(modelOf('?model=a%E2%80%AEb', chromeOnLinux)).toBe('a b');
  });

  it('else names the browser and system, from its brands when it has them', () => {
    expect(modelOf('', chromeOnLinux)).toBe('Chromium 131 · Linux');
    expect(modelOf('?model=', chromeOnLinux)).toBe('Chromium 131 · Linux');
    const brands = [
      { brand: 'Not_A Brand', version: '24' },
      { brand: 'Chromium', version: '131' },
      { brand: 'Google Chrome', version: '131' },
    ];
    expect(modelOf('', chromeOnLinux, { brands, platform: 'Windows' })).toBe('Google Chrome 131 · Windows');
    expect(
      modelOf('', 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 Version/6.0 TV Safari/537.36'),
    ).toBe('Safari 6 · Tizen');
    expect(modelOf('', 'Mozilla/5.0 (Windows NT 10.0; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128 · Windows',
    );
    expect(modelOf('', 'curl/8')).toBeNull();
  });
});
