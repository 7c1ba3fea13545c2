import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio } from '../../lib/contrast';
import { KIND_COLORS } from './model';

describe('KIND_COLORS', () => {
  it.each(Object.entries(KIND_COLORS))(
    '%s reads under white at 4.5:1 and on the black canvas at 3:1',
    (_kind, color) => {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(color, '#000000')).toBeGreaterThanOrEqual(3);
    },
  );
});
