import {
  brokenRule,
  type ContentType,
  UPLOAD_KINDS,
  UPLOAD_MAX_FILES,
  uploadKindOf,
} from '@vitrine/contract';
import type { NewUpload } from './queue';

// What a drop or a file choice lets into the queue (spec 000 §5): at most 20 files, each of the
// page's kind and within its rules (size; width and height of images, measured here), and all
// together within the available space. Messages are contract keys (namespace 'contract').

/** A refused file or selection; `name` is set when the message itself does not name the file. */
export type Refusal = { key: string; values?: Record<string, string>; name?: string };

export type Measure = (file: File) => Promise<{ width: number; height: number } | null>;

export type Selection = { accepted: NewUpload[]; refusals: Refusal[] };

/** The file chooser's accept list for a content type: extensions and MIME types. */
export function acceptOf(type: ContentType): string {
  const kind = UPLOAD_KINDS.find((candidate) => candidate.type === type);
  return kind ? [...kind.extensions.map((extension) => `.${extension}`), ...kind.mimes].join(',') : '';
}

/** An image's pixel size as the browser reads it, or null when it cannot decode it (the server judges). */
export const measureImage: Measure = (file) =>
  new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: { width: number; height: number } | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });

export async function selectFiles(
  files: readonly File[],
  options: { type: ContentType; available: number | null; measure: Measure },
): Promise<Selection> {
  const refusals: Refusal[] = [];
  const extras = files.slice(UPLOAD_MAX_FILES);
  if (extras.length > 0) {
    refusals.push({ key: 'upload.tooMany', values: { names: extras.map((file) => file.name).join(', ') } });
  }
  const accepted: NewUpload[] = [];
  for (const file of files.slice(0, UPLOAD_MAX_FILES)) {
    const kind = uploadKindOf(file.name, file.type);
    if (!kind || kind.type !== options.type) {
      refusals.push({ key: 'upload.notSupported', values: { name: file.name } });
      continue;
    }
    // Size first: an image too large to upload is not worth decoding.
    const tooLarge = brokenRule(kind, { size: file.size });
    const measured = kind.rules.some(({ rule }) => rule.k !== 'size');
    const measures = !tooLarge && measured ? await options.measure(file) : null;
    const broken = tooLarge ?? brokenRule(kind, measures ?? {});
    if (broken) {
      refusals.push({ key: broken, name: file.name });
      continue;
    }
    accepted.push({ file, width: measures?.width, height: measures?.height });
  }
  if (accepted.length > 0 && options.available !== null) {
    const total = accepted.reduce((sum, { file }) => sum + file.size, 0);
    if (options.available <= 0)
      return { accepted: [], refusals: [...refusals, { key: 'upload.spaceUsedUp' }] };
    if (total > options.available)
      return { accepted: [], refusals: [...refusals, { key: 'upload.noSpace' }] };
  }
  return { accepted, refusals };
}
