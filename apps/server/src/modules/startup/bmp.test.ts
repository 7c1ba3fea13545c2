import { describe, expect, it } from 'vitest';
import { bmp } from '../../test/media-files';
import { type BmpHeader, decodeBmp, readBmpHeader } from './bmp';

// The logo's bitmap reader on small files written the way image editors write them.

const header = (bytes: Buffer) => readBmpHeader(bytes) as BmpHeader;
/** Four pixels of four colours: red, green / blue, white (rows top to bottom). */
const QUAD = (x: number, y: number) =>
  (
    [
      [
        [255, 0, 0],
        [0, 255, 0],
      ],
      [
        [0, 0, 255],
        [255, 255, 255],
      ],
    ] as const
  )[y][x];
const QUAD_RGB = [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255];

describe('reading a bitmap header', () => {
  it('reads a 24-bit RGB888 bitmap, rows bottom-up, padded to four bytes', () => {
    expect(readBmpHeader(bmp({ width: 3, height: 2 }))).toEqual({
      width: 3,
      height: 2,
      bits: 24,
      topDown: false,
      pixelOffset: 54,
      stride: 12,
    });
  });

  it('reads a 16-bit RGB565 bitmap (bit fields) and a top-down one', () => {
    expect(readBmpHeader(bmp({ width: 3, height: 2, bits: 16, topDown: true }))).toMatchObject({
      bits: 16,
      topDown: true,
      pixelOffset: 66,
      stride: 8,
    });
  });

  it('refuses other depths: RGB555, 32 bits', () => {
    expect(readBmpHeader(bmp({ width: 2, height: 2, bits: 16, rgb565: false }))).toBe('depth');
    expect(readBmpHeader(bmp({ width: 2, height: 2, bits: 32 }))).toBe('depth');
    const masks = bmp({ width: 2, height: 2, bits: 16 });
    masks.writeUInt32LE(0x7c00, 54); // RGB555 bit fields
    expect(readBmpHeader(masks)).toBe('depth');
  });

  it('refuses what is not a whole bitmap', () => {
    const good = bmp({ width: 4, height: 4 });
    expect(readBmpHeader(Buffer.from('not a bitmap at all, only some text that is long enough'))).toBe(
      'format',
    );
    expect(readBmpHeader(good.subarray(0, 40))).toBe('format');
    expect(readBmpHeader(good.subarray(0, good.length - 1))).toBe('format'); // pixels cut short
    const noPlanes = Buffer.from(good);
    noPlanes.writeUInt16LE(0, 26);
    expect(readBmpHeader(noPlanes)).toBe('format');
    const oddHeader = Buffer.from(good);
    oddHeader.writeUInt32LE(12, 14); // the old OS/2 header
    expect(readBmpHeader(oddHeader)).toBe('format');
  });
});

describe('decoding a bitmap', () => {
  it('gives RGB rows top row first, from 24 bits bottom-up and top-down', () => {
    for (const topDown of [false, true]) {
      const bytes = bmp({ width: 2, height: 2, topDown, pixel: QUAD });
      expect([...decodeBmp(bytes, header(bytes))]).toEqual(QUAD_RGB);
    }
  });

  it('widens RGB565 to 8 bits per channel, white staying white', () => {
    const bytes = bmp({ width: 2, height: 2, bits: 16, pixel: QUAD });
    expect([...decodeBmp(bytes, header(bytes))]).toEqual(QUAD_RGB);
    const grey = bmp({ width: 1, height: 1, bits: 16, pixel: () => [128, 128, 128] });
    expect([...decodeBmp(grey, header(grey))]).toEqual([132, 130, 132]);
  });
});
