import { ContentType, type FileContentType } from '@vitrine/contract';
import { fileTypeFromBuffer } from 'file-type';

// What a file is by its bytes, not its name (ARCHITECTURE §8): a file is accepted only when its
// magic bytes are one of its kind's formats, so a renamed executable or a PDF called .png is
// refused. The formats are what `file-type` reports for each kind's containers.

const OOXML = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

/** Sniffed MIME types each kind accepts. */
const FORMATS: Record<FileContentType, readonly string[]> = {
  [ContentType.image]: ['image/jpeg', 'image/png'],
  // The ISO base media family (mp4, m4v, mov, 3gp, 3g2: which one follows the major brand, and a
  // 3gp file often carries an mp4 brand), WebM, MPEG program and transport streams.
  [ContentType.video]: [
    'video/mp4',
    'video/x-m4v',
    'video/quicktime',
    'video/3gpp',
    'video/3gpp2',
    'video/webm',
    'video/mpeg',
    'video/mp2t',
  ],
  // Old Office files are compound files (CFB); the new ones are zip archives, named by their
  // content types when that entry is among the first bytes, else only "zip".
  [ContentType.document]: ['application/pdf', 'application/x-cfb', ...OOXML, 'application/zip'],
  [ContentType.music]: ['audio/mpeg', 'audio/wav'],
  // An HTML5 package: a zip (PK\x03\x04), unpacked and checked by processing (h5.ts).
  [ContentType.h5]: ['application/zip'],
};

const SYNC = 0x47;
const TS_PACKETS = [188, 192];
const TS_SYNCS = 5;

/**
 * An MPEG transport stream: a sync byte every 188 bytes (192 with the Blu-ray time code), five in
 * a row. `file-type` looks only at offset 0 (or 4); a stream cut from a broadcast often starts
 * inside a packet.
 */
function isTransportStream(head: Uint8Array) {
  return TS_PACKETS.some((packet) => {
    for (let start = 0; start < packet; start++) {
      let syncs = 0;
      while (syncs < TS_SYNCS && head[start + syncs * packet] === SYNC) syncs++;
      if (syncs === TS_SYNCS) return true;
    }
    return false;
  });
}

/** `file-type` names MPEG-1 system and MPEG-2 program streams by their codec family. */
const MPEG_PROGRAM = new Set(['video/MP1S', 'video/MP2P']);

/**
 * The MIME type the bytes show, whatever it is (undefined when unknown). A transport stream is
 * looked for first: a stream cut inside a packet can open with bytes that look like MPEG audio.
 */
export async function sniffMime(head: Uint8Array): Promise<string | undefined> {
  if (isTransportStream(head)) return 'video/mp2t';
  const mime = (await fileTypeFromBuffer(head))?.mime;
  return mime !== undefined && MPEG_PROGRAM.has(mime) ? 'video/mpeg' : mime;
}

/** The sniffed MIME type when the bytes are one of the kind's formats, else null. */
export async function sniffKind(type: FileContentType, head: Uint8Array): Promise<string | null> {
  const mime = await sniffMime(head);
  return mime !== undefined && FORMATS[type].includes(mime) ? mime : null;
}
