import { useEffect, useRef } from 'react';
import { TOUR_STEP_POLL_MS } from './tour-logic';

// The tour as a dialog (WCAG 2.2: 2.1.2, 2.4.3, 4.1.2). Ant Design's Tour draws a panel that
// neither takes the focus nor keeps it: Tab walked the page under its mask.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const panel = () => document.querySelector<HTMLElement>('.ant-tour-panel');

function focusables(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  const inside = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  return root.matches(FOCUSABLE) ? [root, ...inside] : inside;
}

/**
 * While a step shows (`shown`), its panel is a dialog named by the step's title with the focus
 * on its main button; Tab and Shift+Tab go round the panel and the element the step points at
 * (a step may ask to use it); Escape calls `onEscape`. When the tour goes, the focus goes back to
 * where it was when the tour came.
 */
export function useTourDialog({
  shown,
  title,
  target,
  onEscape,
}: {
  shown: boolean;
  title: string;
  target: () => HTMLElement | null;
  onEscape: () => void;
}) {
  const latest = useRef({ target, onEscape });
  latest.current = { target, onEscape };

  // Where the focus was when the first step showed; it goes back there when the tour goes.
  const before = useRef<Element | null>(null);
  useEffect(
    () => () => {
      const back = before.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    },
    [],
  );

  useEffect(() => {
    if (!shown) return;
    before.current ??= document.activeElement;
    // The panel is drawn a moment after the step opens.
    const timer = window.setInterval(() => {
      const dialog = panel();
      if (!dialog) return;
      window.clearInterval(timer);
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-label', title);
      dialog.tabIndex = -1;
      (dialog.querySelector<HTMLElement>('.ant-tour-next-btn') ?? focusables(dialog)[0] ?? dialog).focus();
    }, TOUR_STEP_POLL_MS / 4);

    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        latest.current.onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const ring = [...focusables(panel()), ...focusables(latest.current.target())];
      if (ring.length === 0) return;
      event.preventDefault();
      const at = ring.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next =
        at === -1 ? (event.shiftKey ? ring.length - 1 : 0) : (at + step + ring.length) % ring.length;
      ring[next]?.focus();
    };
    // Before the Tour's own Escape (which would only close it on this page).
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [shown, title]);
}
