import type { PlayerState } from '@vitrine/contract';
import type { Translate } from '../i18n';
import { el, mount, type ScreenView } from './dom';

type UnlicensedProps = { state: PlayerState; t: Translate; problem: 'none' | 'expired' };

/** A paired screen without a licence in force: why nothing plays, and what to tell the administrator. */
export function renderUnlicensed(root: HTMLElement, { state, t, problem }: UnlicensedProps): ScreenView {
  const screen = el('section', 'screen unlicensed');
  const dot = el('span', 'status-dot');
  const id = el('p', 'signage-line');
  // The ID reads left to right inside a right-to-left sentence.
  id.append(
    `${t('unlicensed.signageId')} `,
    Object.assign(el('bdi', 'code', state.signage_id), { dir: 'ltr' }),
  );
  screen.append(
    el('h1', 'title', t(problem === 'expired' ? 'unlicensed.expired' : 'unlicensed.none')),
    el('p', 'message', t('unlicensed.action')),
    el('p', 'device-name', state.device_name ?? ''),
    id,
    dot,
  );
  mount(root, screen);
  return {
    setStatus(value) {
      dot.dataset.status = value;
    },
    destroy() {},
  };
}
