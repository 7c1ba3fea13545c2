import { describe, expect, it } from 'vitest';
import { brokenRule, fileNameSchema, meetsRule, uploadKindOf } from './content';
import { ContentType } from './enums';

describe('uploadKindOf', () => {
  it('knows a file by its extension, whatever its case', () => {
    expect(uploadKindOf('Poster.JPG')?.type).toBe(ContentType.image);
    expect(uploadKindOf('clip.mov')?.type).toBe(ContentType.video);
    expect(uploadKindOf('report.pptx')?.type).toBe(ContentType.document);
    expect(uploadKindOf('jingle.mp3')?.type).toBe(ContentType.music);
  });
  it('falls back to the MIME type when the extension is unknown, and refuses the rest', () => {
    expect(uploadKindOf('scan', 'application/pdf')?.type).toBe(ContentType.document);
    expect(uploadKindOf('setup.exe', 'application/octet-stream')).toBeUndefined();
    expect(uploadKindOf('animation.gif', 'image/gif')).toBeUndefined();
  });
});

describe('limit rules', () => {
  it('compares with each operator and a range', () => {
    expect(meetsRule({ k: 'size', t: '<', v: 10 }, 10)).toBe(false);
    expect(meetsRule({ k: 'size', t: '<=', v: 10 }, 10)).toBe(true);
    expect(meetsRule({ k: 'width', t: '>', v: 10 }, 11)).toBe(true);
    expect(meetsRule({ k: 'width', t: '>=', v: 10 }, 9)).toBe(false);
    expect(meetsRule({ k: 'height', t: '=', v: 10 }, 10)).toBe(true);
    expect(meetsRule({ k: 'height', t: 'between', v: [1, 5] }, 6)).toBe(false);
  });
  it('names the first broken rule: images above 4K, videos of 1 GB or more', () => {
    const image = uploadKindOf('a.png');
    const video = uploadKindOf('a.mp4');
    if (!image || !video) throw new Error('kinds missing');
    expect(brokenRule(image, { size: 1000, width: 4096, height: 2160 })).toBeNull();
    expect(brokenRule(image, { size: 1000, width: 5000, height: 2160 })).toBe('upload.imageAbove4k');
    expect(brokenRule(video, { size: 1_073_741_823 })).toBeNull();
    expect(brokenRule(video, { size: 1_073_741_824 })).toBe('upload.videoAbove1g');
  });
});

describe('fileNameSchema', () => {
  it('refuses path tricks and control characters', () => {
    for (const name of ['../etc/passwd', 'a\\b.png', '..', 'bad\u0000.png'])
      expect(fileNameSchema.safeParse(name).success).toBe(false);
    expect(fileNameSchema.parse('  Summer sale.png ')).toBe('Summer sale.png');
  });

  it('drops direction controls, so the name shows its real extension', () => {
    expect(fileNameSchema.parse('a\u202egnp.exe.png')).toBe('agnp.exe.png');
    expect(fileNameSchema.parse('\u2067menu\u2069 \u200fبيع\u200e.mp4')).toBe('menu بيع.mp4');
    expect(fileNameSchema.safeParse('\u202e\u200f').error?.issues[0].message).toBe(
      'validation.fileName.required',
    );
  });
});
