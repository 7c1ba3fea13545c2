import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { md5Schema, OTA_VERSION_PATTERN, otaPackageCreateRequestSchema, SHIPPED_PLAYER_VERSION } from './ota';

// The package rules the console's form and the server share.

describe('OTA packages', () => {
  it('ships the version of the player package it builds', () => {
    const player = JSON.parse(
      fs.readFileSync(new URL('../../../apps/player/package.json', import.meta.url), 'utf8'),
    );
    expect(SHIPPED_PLAYER_VERSION).toBe(player.version);
    expect(SHIPPED_PLAYER_VERSION).toMatch(OTA_VERSION_PATTERN);
  });

  it('takes semantic versions with a pre-release, and nothing else', () => {
    for (const version of ['0.0.1', '1.2.3', '10.20.30', '1.0.0-rc.1', '1.0.0-alpha-2.x', '2.0.0-0'])
      expect(version, version).toMatch(OTA_VERSION_PATTERN);
    for (const version of [
      '1.2',
      '1.2.3.4',
      'v1.2.3',
      '01.2.3',
      '1.2.3-',
      '1.2.3-01',
      '1.2.3+b',
      '1.2.3-a..b',
    ])
      expect(version, version).not.toMatch(OTA_VERSION_PATTERN);
  });

  it('keeps an MD5 in lower case and refuses one of another length', () => {
    expect(md5Schema.parse(' ABCDEF0123456789ABCDEF0123456789 ')).toBe('abcdef0123456789abcdef0123456789');
    expect(md5Schema.safeParse('abc').error?.issues[0].message).toBe('validation.ota.md5.format');
  });

  it('needs at least one model', () => {
    const result = otaPackageCreateRequestSchema.safeParse({
      version: '1.0.0',
      md5: 'a'.repeat(32),
      model_ids: [],
      upload_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.ota.models']);
  });
});
