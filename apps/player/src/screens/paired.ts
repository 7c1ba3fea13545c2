import type { Language, PlayerState } from '@vitrine/contract';
import { el, mount, type ScreenView } from './dom';

type PairedProps = {
  state: PlayerState;
  language: Language;
  /** Server time now (ms). */
  now: () => number;
};

/** Until schedules exist: who this screen is, and the time, from the server's clock. */
export function renderPaired(root: HTMLElement, { state, language, now }: PairedProps): ScreenView {
  const screen = el('section', 'screen paired');
  const dot = el('span', 'status-dot');
  const heading = el('header', 'identity');
  heading.append(
    el('h1', 'device-name', state.device_name ?? state.signage_id),
    el('p', 'company-name', state.company_name ?? ''),
  );
  const time = el('div', 'clock');
  const date = el('div', 'date');
  screen.append(heading, time, date, dot);
  mount(root, screen);

  // The screen's own timezone: the browser's default.
  const timeFormat = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
  const dateFormat = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const current = now();
    time.textContent = timeFormat.format(current);
    date.textContent = dateFormat.format(current);
    // Wake at the next whole second of server time, so the minute turns on time.
    timer = setTimeout(tick, 1000 - (current % 1000));
  };
  tick();

  return {
    setStatus(value) {
      dot.dataset.status = value;
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}
