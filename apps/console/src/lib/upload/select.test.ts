import { ContentType, UPLOAD_SIZE_1GB, UPLOAD_SIZE_100MB } from '@vitrine/contract';
import { describe, expect, it, vi } from 'vitest';
import { acceptOf, type Measure, selectFiles } from './select';
import { fileOf } from './testing';

/** A file that claims `size` bytes without holding them. */
function sized(name: string, size: number, type = ''): File {
  const file = fileOf(name, 1, name, type);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const hd: Measure = async () => ({ width: 1920, height: 1080 });

describe('acceptOf', () => {
  it('lists the extensions and MIME types of the page', () => {
    expect(acceptOf(ContentType.image)).toBe('.jpg,.jpeg,.png,image/jpeg,image/png');
    expect(acceptOf(ContentType.website)).toBe('');
  });
});

describe('selectFiles', () => {
  it('takes the first 20 files and refuses the others by name', async () => {
    const files = Array.from({ length: 23 }, (_, index) => fileOf(`page-${index + 1}.pdf`, 10));
    const { accepted, refusals } = await selectFiles(files, {
      type: ContentType.document,
      available: null,
      measure: hd,
    });
    expect(accepted.map(({ file }) => file.name)).toEqual(files.slice(0, 20).map((file) => file.name));
    expect(refusals).toEqual([
      { key: 'upload.tooMany', values: { names: 'page-21.pdf, page-22.pdf, page-23.pdf' } },
    ]);
  });

  it('refuses a file of another kind than the page, or of no known kind', async () => {
    const { accepted, refusals } = await selectFiles(
      [fileOf('notes.txt', 10), fileOf('clip.mp4', 10), fileOf('photo', 10, 'x', 'image/png')],
      { type: ContentType.image, available: null, measure: hd },
    );
    expect(refusals).toEqual([
      { key: 'upload.notSupported', values: { name: 'notes.txt' } },
      { key: 'upload.notSupported', values: { name: 'clip.mp4' } },
    ]);
    expect(accepted.map(({ file }) => file.name)).toEqual(['photo']);
  });

  it('measures images and refuses one above 4K; a too large file is not even measured', async () => {
    const measure = vi.fn<Measure>(async (file) =>
      file.name === 'wall.png' ? { width: 5000, height: 2000 } : { width: 3840, height: 2160 },
    );
    const { accepted, refusals } = await selectFiles(
      [fileOf('wall.png', 10), fileOf('poster.jpg', 10), sized('huge.png', UPLOAD_SIZE_100MB + 1)],
      { type: ContentType.image, available: null, measure },
    );
    expect(refusals).toEqual([
      { key: 'upload.imageAbove4k', name: 'wall.png' },
      { key: 'upload.tooLarge100', name: 'huge.png' },
    ]);
    expect(accepted).toEqual([expect.objectContaining({ width: 3840, height: 2160 })]);
    expect(measure.mock.calls.map(([file]) => file.name)).toEqual(['wall.png', 'poster.jpg']);
  });

  it('refuses a video of 1 GB without measuring it', async () => {
    const measure = vi.fn<Measure>(hd);
    const { accepted, refusals } = await selectFiles(
      [sized('film.mp4', UPLOAD_SIZE_1GB), sized('trailer.mp4', UPLOAD_SIZE_1GB - 1)],
      { type: ContentType.video, available: null, measure },
    );
    expect(refusals).toEqual([{ key: 'upload.videoAbove1g', name: 'film.mp4' }]);
    expect(accepted).toEqual([
      { file: expect.objectContaining({ name: 'trailer.mp4' }), width: undefined, height: undefined },
    ]);
    expect(measure).not.toHaveBeenCalled();
  });

  it('queues nothing when the accepted files together exceed the available space', async () => {
    const files = [sized('a.mp3', 600), sized('b.mp3', 500), fileOf('c.txt', 10)];
    const over = await selectFiles(files, { type: ContentType.music, available: 1000, measure: hd });
    expect(over).toEqual({
      accepted: [],
      refusals: [{ key: 'upload.notSupported', values: { name: 'c.txt' } }, { key: 'upload.noSpace' }],
    });
    const fits = await selectFiles(files, { type: ContentType.music, available: 1100, measure: hd });
    expect(fits.accepted).toHaveLength(2);
  });

  it('says the storage is used up when no space is left', async () => {
    const { accepted, refusals } = await selectFiles([fileOf('a.pdf', 1)], {
      type: ContentType.document,
      available: 0,
      measure: hd,
    });
    expect(accepted).toEqual([]);
    expect(refusals).toEqual([{ key: 'upload.spaceUsedUp' }]);
  });
});
