import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from './i18n';
import { translate } from './messages';
import {
  bodyIdSchema,
  countSchema,
  idSchema,
  MAX_ID,
  macBatchSchema,
  macSchema,
  nameSchema,
  nulPath,
  optionalNameSchema,
  withoutNul,
} from './validation';

describe('ids', () => {
  it('are whole numbers from 1 to the largest 32-bit id, in a path or query and in a body', () => {
    expect(idSchema.parse('2147483647')).toBe(MAX_ID);
    expect(bodyIdSchema.parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of ['2147483648', '9007199254740993', '0', '-1', '1.5', 'x', '']) {
      expect(idSchema.safeParse(bad).error?.issues[0].message, bad).toBe('validation.id');
    }
    for (const bad of [2_147_483_648, Number.MAX_SAFE_INTEGER, 0, 1.5, '1']) {
      expect(bodyIdSchema.safeParse(bad).error?.issues[0].message, String(bad)).toBe('validation.id');
    }
  });
});

describe('MAC addresses (spec 001 §5)', () => {
  it('are aa:aa:aa:aa:aa:aa, required, at least one and at most 50 per entry', () => {
    expect(macSchema.parse('AA:bb:0c:1D:2e:3F')).toBe('AA:bb:0c:1D:2e:3F');
    for (const bad of ['aa:bb:cc:dd:ee', 'aa-bb-cc-dd-ee-ff', 'aa:bb:cc:dd:ee:fg', 'aabbccddeeff', '']) {
      expect(macSchema.safeParse(bad).error?.issues[0].message, bad).toBe('validation.mac.format');
    }
    expect(macSchema.safeParse(undefined).error?.issues[0].message).toBe('validation.mac.required');
    const fifty = Array.from({ length: 50 }, (_, i) => `aa:bb:cc:dd:ee:${i.toString(16).padStart(2, '0')}`);
    expect(macBatchSchema.parse(['AA:BB:CC:DD:EE:FF'])).toEqual(['aa:bb:cc:dd:ee:ff']);
    expect(macBatchSchema.parse(fifty)).toHaveLength(50);
    expect(macBatchSchema.safeParse([...fifty, 'aa:bb:cc:dd:ef:00']).error?.issues[0].message).toBe(
      'validation.mac.max',
    );
    expect(macBatchSchema.safeParse([]).error?.issues[0].message).toBe('validation.mac.required');
    expect(macBatchSchema.safeParse(undefined).error?.issues[0].message).toBe('validation.mac.required');
  });
});

describe('counts (spec 001 §5 "Numbers: below 10000")', () => {
  it("are whole numbers from the minimum to 9999, each failure with the field's message", () => {
    const count = countSchema('validation.license.quantity');
    expect(count.parse(1)).toBe(1);
    expect(count.parse(9999)).toBe(9999);
    for (const bad of [0, 10_000, 1.5, -1, '5', null]) {
      expect(count.safeParse(bad).error?.issues[0].message, String(bad)).toBe('validation.license.quantity');
    }
    expect(countSchema('validation.license.trialLimit', 0).parse(0)).toBe(0);
  });
});

describe('U+0000', () => {
  it('is found in a text, an array, a nested field or a key, and nowhere in bytes', () => {
    expect(nulPath('a\u0000')).toEqual([]);
    expect(nulPath({ a: 'x', b: [{ c: 'y' }, { c: '\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(nulPath({ 'k\u0000': 1 })).toEqual(['k\u0000']);
    expect(nulPath({ a: 'x', b: [1, null, true] })).toBeNull();
    expect(nulPath(Uint8Array.of(0, 0))).toBeNull();
  });

  it('is refused before the schema runs, with a message in every language', () => {
    const schema = withoutNul(z.object({ title: z.string() }));
    expect(schema.parse({ title: 'ok' })).toEqual({ title: 'ok' });
    const issues = schema.safeParse({ title: 'a\u0000b' }).error?.issues;
    expect(issues).toEqual([expect.objectContaining({ message: 'validation.nul', path: ['title'] })]);
    const texts = LANGUAGES.map((language) => translate(language, 'validation.nul'));
    expect(texts.every((text) => text !== 'validation.nul')).toBe(true);
    expect(new Set(texts).size).toBe(LANGUAGES.length);
  });
});

describe('direction controls in names', () => {
  const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
  const marks = ['\u200e', '\u200f', '\u061c'];

  it('are refused in a name and a nickname, with a message in every language', () => {
    for (const control of [...controls, ...marks]) {
      const name = `a${control}gnp.exe.png`;
      expect(nameSchema.safeParse(name).error?.issues[0].message, escape(control)).toBe('validation.bidi');
      expect(optionalNameSchema.safeParse(name).error?.issues[0].message, escape(control)).toBe(
        'validation.bidi',
      );
    }
    const texts = LANGUAGES.map((language) => translate(language, 'validation.bidi'));
    expect(texts.every((text) => text !== 'validation.bidi')).toBe(true);
    expect(new Set(texts).size).toBe(LANGUAGES.length);
  });

  it('leave right-to-left names and the characters beside the controls alone', () => {
    expect(nameSchema.parse(' لافتة المتجر ')).toBe('لافتة المتجر');
    expect(nameSchema.parse('שלט \u2065 ‐ 1')).toBe('שלט \u2065 ‐ 1');
    expect(optionalNameSchema.parse(null)).toBeNull();
  });
});
