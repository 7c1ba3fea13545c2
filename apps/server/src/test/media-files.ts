import { createHash, randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

// Files for the upload and media tests: real images made with sharp, and the opening bytes of
// every other accepted container (what the magic-byte check reads) followed by filler up to the
// size a test needs. Executables and mislabelled files for the refusals.

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `head`, then random bytes up to `size` (or just `head` when it is longer). */
export const padded = (head: Uint8Array, size = head.length) =>
  size <= head.length ? Buffer.from(head) : Buffer.concat([head, randomBytes(size - head.length)]);

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();

export const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#a53a6e' } })
    .jpeg()
    .toBuffer();

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer) {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A decompression bomb's header: a PNG that says it is `width` × `height` RGB pixels, followed by a
 * few bytes of compressed rows (decoding it would need width × height × 3 bytes).
 */
export function pngBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pdf = (size?: number) =>
  padded(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), size);

/** An ISO base media file (mp4, mov, 3gp…): its ftyp box names the major brand. */
export function isoMedia(brand: string, size?: number) {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brand.padEnd(4, ' '), 8, 'latin1');
  box.write('isomiso2', 16, 'latin1');
  return padded(Buffer.concat([box, Buffer.from([0, 0, 0, 8]), Buffer.from('free', 'latin1')]), size);
}

export const mp4 = (size?: number) => isoMedia('isom', size);

/** A WebM file's EBML header (DocType "webm"). */
export const webm = (size?: number) =>
  padded(
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
      0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85,
      0x81, 0x02,
    ]),
    size,
  );

/** An MPEG program stream (pack header). */
export const mpegProgram = (size?: number) => padded(Buffer.from([0x00, 0x00, 0x01, 0xba, 0x44, 0x00]), size);

/** An MPEG transport stream: 188-byte packets, each opening with the sync byte; `skip` bytes of a cut packet first. */
export function transportStream(packets: number, skip = 0) {
  const out = Buffer.alloc(skip + packets * 188, 0xff);
  for (let packet = 0; packet < packets; packet++) {
    const at = skip + packet * 188;
    out[at] = 0x47;
    out[at + 1] = 0x1f;
    out[at + 2] = 0xff;
    out[at + 3] = 0x10;
  }
  return out;
}

/** An MP3 with an ID3v2 tag, then a MPEG-1 layer III frame header. */
export const mp3 = (size?: number) =>
  padded(
    Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xfb, 0x90, 0x64]),
    size,
  );

/** A RIFF WAVE file's header. */
export function wav(size?: number) {
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(36, 4);
  head.write('WAVEfmt ', 8, 'latin1');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(2, 22);
  head.writeUInt32LE(44_100, 24);
  head.writeUInt32LE(176_400, 28);
  head.writeUInt16LE(4, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'latin1');
  return padded(head, size);
}

/** A compound file (old Office: doc, xls, ppt). */
export const compoundFile = (size = 1024) =>
  padded(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]), size);

/**
 * How an entry of `zip` is written: deflated (or as this raw deflate stream, the content then
 * unused), with a Unix mode, or claiming another size.
 */
export type ZipEntryOptions = { deflate?: boolean; deflated?: Buffer; mode?: number; declaredSize?: number };

/**
 * A raw deflate stream of `mib` MiB of zeros, built from one deflated MiB repeated (deflating the
 * whole would take seconds): a zip bomb's payload.
 */
export function deflatedZeros(mib: number) {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  // A final, empty stored block ends the stream.
  return Buffer.concat([
    ...Array.from({ length: mib }, () => block),
    Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]),
  ]);
}

/** A zip archive of stored (uncompressed) entries, or as each entry's options say. */
export function zip(entries: [name: string, content: string | Buffer, options?: ZipEntryOptions][]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content, options = {}] of entries) {
    const raw = Buffer.from(content);
    const data = options.deflated ?? (options.deflate ? zlib.deflateRawSync(raw) : raw);
    const method = options.deflated || options.deflate ? 8 : 0;
    const size = options.declaredSize ?? raw.length;
    const fileName = Buffer.from(name);
    const crc = options.deflated ? 0 : zlib.crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made on Unix (3) when a mode is given: the mode is then the external attributes' high half.
    central.writeUInt16LE(options.mode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(((options.mode ?? 0) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word document (docx): a zip whose content types name the main document part. */
export const docx = () =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    ],
  ]);

/** A Linux executable (ELF). */
export const elf = (size?: number) =>
  padded(
    Buffer.from([
      0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x00, 0x3e, 0x00,
    ]),
    size,
  );

/** A Windows executable (MZ header pointing at a PE header). */
export function windowsExecutable(size = 1024) {
  const head = Buffer.alloc(0x88);
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(0x80, 0x3c);
  head.write('PE\0\0', 0x80, 'latin1');
  head.writeUInt16LE(0x14c, 0x84);
  return padded(head, size);
}

/** The opening bytes of each font container (sfnt version, or the WOFF signature and flavour). */
export const ttf = (size?: number) => padded(Buffer.from([0x00, 0x01, 0x00, 0x00, 0x00, 0x0a]), size);
export const otf = (size?: number) => padded(Buffer.from('OTTO\x00\x0a', 'latin1'), size);
export const woff = (size?: number) => padded(Buffer.from('wOFF\x00\x01\x00\x00', 'latin1'), size);
export const woff2 = (size?: number) => padded(Buffer.from('wOF2\x00\x01\x00\x00', 'latin1'), size);

type BmpOptions = {
  width: number;
  height: number;
  /** 24 (RGB888, BI_RGB), 16 (RGB565 with bit fields, or RGB555 without), 32 (BGRA). */
  bits?: 16 | 24 | 32;
  /** 16 bits only: the 5-6-5 bit fields (else plain BI_RGB, which is RGB555). */
  rgb565?: boolean;
  /** Rows stored top row first (a negative height). */
  topDown?: boolean;
  /** The colour of pixel (x, y), as [red, green, blue] of 0–255. */
  pixel?: (x: number, y: number) => readonly [number, number, number];
};

/** A Windows bitmap (BITMAPINFOHEADER), written the way image editors write them. */
export function bmp({ width, height, bits = 24, rgb565 = bits === 16, topDown = false, pixel }: BmpOptions) {
  const colour = pixel ?? (() => [58, 110, 165] as const);
  const fields = bits === 16 && rgb565;
  const stride = Math.ceil((width * bits) / 32) * 4;
  const offset = 14 + 40 + (fields ? 12 : 0);
  const bytes = Buffer.alloc(offset + stride * height);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(offset, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(topDown ? -height : height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(bits, 28);
  bytes.writeUInt32LE(fields ? 3 : 0, 30);
  bytes.writeUInt32LE(stride * height, 34);
  if (fields) {
    bytes.writeUInt32LE(0xf800, 54);
    bytes.writeUInt32LE(0x07e0, 58);
    bytes.writeUInt32LE(0x001f, 62);
  }
  for (let y = 0; y < height; y++) {
    const row = offset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const [red, green, blue] = colour(x, y);
      if (bits === 24) bytes.set([blue, green, red], row + x * 3);
      else if (bits === 32) bytes.set([blue, green, red, 255], row + x * 4);
      else {
        const packed = fields
          ? ((red >> 3) << 11) | ((green >> 2) << 5) | (blue >> 3)
          : ((red >> 3) << 10) | ((green >> 3) << 5) | (blue >> 3);
        bytes.writeUInt16LE(packed, row + x * 2);
      }
    }
  }
  return bytes;
}
