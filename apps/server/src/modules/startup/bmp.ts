// A Windows bitmap's header and pixels, read by our own code: sharp (libvips) does not open BMP,
// and a startup logo is only ever an uncompressed 16-bit RGB565 or 24-bit RGB888 bitmap (spec 001
// §5), whose layout is a few fixed fields. Anything else is refused by what it breaks.
//
//   0  "BM"              14  DIB header size (40 BITMAPINFOHEADER … 124 BITMAPV5HEADER)
//  10  pixel data offset  18  width (i32)   22  height (i32, negative: rows top-down)
//  26  planes (1)         28  bits per pixel 30  compression (0 BI_RGB, 3 BI_BITFIELDS)
//  54  with BI_BITFIELDS: the red, green and blue masks (after a 40-byte header, or inside a larger one)

export type BmpHeader = {
  width: number;
  height: number;
  /** 16: RGB565 (BI_BITFIELDS with the 5-6-5 masks); 24: RGB888 (BI_RGB). */
  bits: 16 | 24;
  /** Rows stored top row first (a negative height). */
  topDown: boolean;
  pixelOffset: number;
  /** Bytes per stored row (padded to 4). */
  stride: number;
};

/** Why a file is not a logo: not a readable bitmap, or a bitmap of another pixel format. */
export type BmpProblem = 'format' | 'depth';

const FILE_HEADER = 14;
const DIB_SIZES = new Set([40, 52, 56, 108, 124]);
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const RGB565 = [0xf800, 0x07e0, 0x001f];

/** The header of a 16-bit RGB565 or 24-bit RGB888 bitmap whose pixels are all in `bytes`, else why not. */
export function readBmpHeader(bytes: Uint8Array): BmpHeader | BmpProblem {
  if (bytes.length < FILE_HEADER + 40 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return 'format';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dibSize = view.getUint32(14, true);
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  if (!DIB_SIZES.has(dibSize) || view.getUint16(26, true) !== 1 || width <= 0 || rawHeight === 0) {
    return 'format';
  }
  const bitCount = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  let bits: 16 | 24;
  if (bitCount === 24 && compression === BI_RGB) bits = 24;
  else if (bitCount === 16 && compression === BI_BITFIELDS) {
    if (bytes.length < 66) return 'format';
    const masks = [0, 1, 2].map((index) => view.getUint32(54 + index * 4, true));
    if (masks.some((mask, index) => mask !== RGB565[index])) return 'depth';
    bits = 16;
  } else return 'depth'; // 1, 4, 8 or 32 bits, RGB555, compressed
  const height = Math.abs(rawHeight);
  const stride = Math.ceil((width * bits) / 32) * 4;
  const pixelOffset = view.getUint32(10, true);
  if (pixelOffset < FILE_HEADER + dibSize || pixelOffset + stride * height > bytes.length) return 'format';
  return { width, height, bits, topDown: rawHeight < 0, pixelOffset, stride };
}

/** The pixels as packed RGB rows, top row first (what sharp takes as raw input with 3 channels). */
export function decodeBmp(bytes: Uint8Array, header: BmpHeader): Buffer {
  const { width, height, bits, topDown, pixelOffset, stride } = header;
  const out = Buffer.alloc(width * height * 3);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    let target = y * width * 3;
    for (let x = 0; x < width; x++) {
      if (bits === 24) {
        const at = row + x * 3;
        out[target++] = bytes[at + 2];
        out[target++] = bytes[at + 1];
        out[target++] = bytes[at];
      } else {
        const pixel = view.getUint16(row + x * 2, true);
        const red = pixel >> 11;
        const green = (pixel >> 5) & 0x3f;
        const blue = pixel & 0x1f;
        // Widened to 8 bits with the high bits repeated, so white stays 255.
        out[target++] = (red << 3) | (red >> 2);
        out[target++] = (green << 2) | (green >> 4);
        out[target++] = (blue << 3) | (blue >> 2);
      }
    }
  }
  return out;
}
