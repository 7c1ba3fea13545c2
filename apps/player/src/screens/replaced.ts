import type { Translate } from '../i18n';
import { el, mount, type ScreenView } from './dom';

/** Another tab or window holds this screen's connection; this one stays quiet unless asked. */
export function renderReplaced(root: HTMLElement, t: Translate, takeOver: () => void): ScreenView {
  const screen = el('section', 'screen replaced');
  const button = el('button', 'take-over', t('replaced.action'));
  button.type = 'button';
  button.addEventListener('click', takeOver);
  screen.append(el('h1', 'title', t('replaced.title')), el('p', 'message', t('replaced.body')), button);
  mount(root, screen);
  return { setStatus() {}, destroy() {} };
}
