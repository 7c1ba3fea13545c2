import { randomBytes } from 'node:crypto';
import { ContentType, type FileContentType } from '@vitrine/contract';
import { describe, expect, it } from 'vitest';
import {
  compoundFile,
  docx,
  elf,
  isoMedia,
  jpeg,
  mp3,
  mp4,
  mpegProgram,
  pdf,
  png,
  transportStream,
  wav,
  webm,
  windowsExecutable,
  zip,
} from '../../test/media-files';
import { sniffKind, sniffMime } from './sniff';

const KINDS: FileContentType[] = [
  ContentType.image,
  ContentType.video,
  ContentType.document,
  ContentType.music,
];

describe('sniffKind: the bytes decide, not the name', () => {
  it('accepts each kind’s formats with the MIME type the bytes show', async () => {
    const cases: [FileContentType, Buffer, string][] = [
      [ContentType.image, await png(40, 30), 'image/png'],
      [ContentType.image, await jpeg(40, 30), 'image/jpeg'],
      [ContentType.video, mp4(4096), 'video/mp4'],
      [ContentType.video, isoMedia('qt', 4096), 'video/quicktime'],
      [ContentType.video, isoMedia('M4V', 4096), 'video/x-m4v'],
      [ContentType.video, isoMedia('3gp4', 4096), 'video/3gpp'],
      [ContentType.video, isoMedia('3g2a', 4096), 'video/3gpp2'],
      [ContentType.video, webm(4096), 'video/webm'],
      [ContentType.video, mpegProgram(4096), 'video/mpeg'],
      [ContentType.video, transportStream(30), 'video/mp2t'],
      [ContentType.document, pdf(4096), 'application/pdf'],
      [ContentType.document, compoundFile(), 'application/x-cfb'],
      [
        ContentType.document,
        docx(),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [ContentType.music, mp3(4096), 'audio/mpeg'],
      [ContentType.music, wav(4096), 'audio/wav'],
    ];
    for (const [type, bytes, mime] of cases) {
      expect(await sniffKind(type, bytes), mime).toBe(mime);
    }
  });

  it('finds a transport stream that starts inside a packet, and with 192-byte packets', async () => {
    expect(await sniffKind(ContentType.video, transportStream(30, 77))).toBe('video/mp2t');
    const bdav = Buffer.alloc(192 * 10, 0xff);
    for (let packet = 0; packet < 10; packet++) bdav[packet * 192 + 4] = 0x47;
    expect(await sniffKind(ContentType.video, bdav)).toBe('video/mp2t');
    // Four sync bytes in a row are not a stream.
    expect(await sniffKind(ContentType.video, transportStream(4, 77))).toBeNull();
  });

  it('refuses executables whatever kind they claim', async () => {
    for (const bytes of [elf(4096), windowsExecutable(4096)]) {
      for (const type of KINDS) expect(await sniffKind(type, bytes)).toBeNull();
    }
  });

  it('refuses a file of another kind, random bytes and other archives', async () => {
    expect(await sniffKind(ContentType.image, pdf(4096))).toBeNull();
    expect(await sniffKind(ContentType.video, await png(10, 10))).toBeNull();
    expect(await sniffKind(ContentType.music, mp4(4096))).toBeNull();
    expect(await sniffKind(ContentType.document, mp3(4096))).toBeNull();
    for (const type of KINDS) expect(await sniffKind(type, randomBytes(4096).fill(0, 0, 8))).toBeNull();
    // Audio in an MP4 container (m4a) is not a video; a macro-enabled Word file is not a docx.
    expect(await sniffKind(ContentType.video, isoMedia('M4A', 4096))).toBeNull();
    const docm = zip([
      [
        '[Content_Types].xml',
        '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
      ],
    ]);
    expect(await sniffKind(ContentType.document, docm)).toBeNull();
  });
});

describe('sniffMime', () => {
  it('names any known format, transport streams included, and nothing for unknown bytes', async () => {
    expect(await sniffMime(await png(4, 4))).toBe('image/png');
    expect(await sniffMime(transportStream(10, 5))).toBe('video/mp2t');
    expect(await sniffMime(Buffer.from('plain words, nothing more'))).toBeUndefined();
  });
});
