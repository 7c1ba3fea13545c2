import type { Translate } from '../i18n';
import { el, mount, type ScreenView } from './dom';

/** Before the first answer from the server (and with no earlier state to show). */
export function renderStarting(root: HTMLElement, t: Translate): ScreenView {
  const screen = el('section', 'screen starting');
  const status = el('footer', 'status-line');
  screen.append(el('div', 'brand', 'Vitrine'), el('p', 'message', t('starting')), status);
  mount(root, screen);
  return {
    setStatus(value) {
      status.dataset.status = value;
      status.textContent = t(`status.${value}`);
    },
    destroy() {},
  };
}
