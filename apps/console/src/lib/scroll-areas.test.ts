import { describe, expect, it } from 'vitest';
import { markScrollAreas } from './scroll-areas';

/** A table scroll area whose content is `content` px wide in `width` px (jsdom draws nothing). */
function area(className: string, width: number, content: number) {
  const element = document.createElement('div');
  element.className = className;
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => content });
  return element;
}

describe('markScrollAreas', () => {
  it('gives a Tab stop to the table areas that scroll, and takes it back when they no longer do', () => {
    const root = document.createElement('main');
    const wide = area('ant-table-content', 390, 720);
    const fits = area('ant-table-content', 1200, 900);
    const own = area('ant-table-body', 390, 720);
    own.tabIndex = -1;
    const other = area('panel', 390, 720);
    root.append(wide, fits, own, other);

    markScrollAreas(root);
    expect(wide.tabIndex).toBe(0);
    expect(fits.hasAttribute('tabindex')).toBe(false);
    // A tabindex set by the page is its own; something that is not a table's area is left alone.
    expect(own.tabIndex).toBe(-1);
    expect(other.hasAttribute('tabindex')).toBe(false);

    Object.defineProperty(wide, 'clientWidth', { configurable: true, value: 800 });
    markScrollAreas(root);
    expect(wide.hasAttribute('tabindex')).toBe(false);
    markScrollAreas(root);
    expect(own.tabIndex).toBe(-1);
  });
});
