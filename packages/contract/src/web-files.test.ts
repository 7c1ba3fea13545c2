import { describe, expect, it } from 'vitest';
import { webFileType } from './web-files';

describe('webFileType', () => {
  it('types a file by its extension in any case, and anything else as bytes', () => {
    expect(webFileType('index.html')).toBe('text/html; charset=utf-8');
    expect(webFileType('assets/a.B.WOFF2')).toBe('font/woff2');
    expect(webFileType('/data/h5/abc/app.js')).toBe('text/javascript; charset=utf-8');
    expect(webFileType('LICENSE')).toBe('application/octet-stream');
    expect(webFileType('assets.d/LICENSE')).toBe('application/octet-stream');
    expect(webFileType('a.unknown')).toBe('application/octet-stream');
  });
});
