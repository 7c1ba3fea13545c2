import { useEffect } from 'react';

/** The scroll areas Ant Design draws around a table wider or taller than its place. */
const SCROLL_AREAS = '.ant-table-content, .ant-table-body';
/** Marks the Tab stops given here, so that they are taken back when the area no longer scrolls. */
const GIVEN = 'data-scroll-stop';

/**
 * Gives every table scroll area that scrolls now a Tab stop, and takes it back when it no longer
 * does: a table wider than a phone can then be scrolled by keyboard (WCAG 2.1.1) even when
 * nothing in it takes the focus. Kept up as the page changes and as its width does.
 */
export function markScrollAreas(root: ParentNode): void {
  for (const area of root.querySelectorAll<HTMLElement>(SCROLL_AREAS)) {
    const scrolls = area.scrollWidth > area.clientWidth || area.scrollHeight > area.clientHeight;
    if (scrolls && !area.hasAttribute('tabindex')) {
      area.tabIndex = 0;
      area.setAttribute(GIVEN, '');
    } else if (!scrolls && area.hasAttribute(GIVEN)) {
      area.removeAttribute('tabindex');
      area.removeAttribute(GIVEN);
    }
  }
}

/**
 * Keeps {@link markScrollAreas} up to date while the signed-in shell is shown: under the whole
 * body, since drawers and dialogs are drawn outside the page (a finished OTA plan's device table
 * in its drawer has nothing else to focus).
 */
export function useKeyboardScrollAreas(): void {
  useEffect(() => {
    const element = document.body;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markScrollAreas(element));
    };
    const changes = new MutationObserver(check);
    changes.observe(element, { childList: true, subtree: true });
    const sizes = new ResizeObserver(check);
    sizes.observe(element);
    check();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      sizes.disconnect();
    };
  }, []);
}
