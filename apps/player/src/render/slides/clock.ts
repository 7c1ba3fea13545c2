import type { ClockFormat, ClockSpec, Language } from '@vitrine/contract';
import { el, type Slide, type SlideContext } from '../slide';
import { fontStack, loadFont } from './fonts';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DATE: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };

/** The lines a clock shows, in the screen's language and own time zone. */
export function clockFormats(
  format: ClockFormat,
  language: Language,
  timeZone: string,
): Intl.DateTimeFormat[] {
  const parts = format === 'time' ? [TIME] : format === 'date' ? [DATE] : [TIME, DATE];
  return parts.map((options) => new Intl.DateTimeFormat(language, { ...options, timeZone }));
}

/** A clock or date filling its zone, on the server's time, turning on the whole second. */
export async function prepareClock(clock: ClockSpec, context: SlideContext): Promise<Slide> {
  await loadFont(clock.font);
  const box = el('div', 'render-clock');
  box.style.fontFamily = fontStack(clock.font);
  box.style.fontSize = `${clock.font_size}px`;
  box.style.color = clock.color;
  const formats = clockFormats(clock.format, context.language, context.timeZone());
  const lines = formats.map(() => el('div', 'render-clock__line'));
  box.append(...lines);
  context.layer.append(box);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = () => {
    const now = context.now();
    formats.forEach((format, i) => {
      (lines[i] as HTMLElement).textContent = format.format(now);
    });
    timer = setTimeout(tick, 1000 - (now % 1000));
  };
  tick();
  return {
    start() {},
    dispose() {
      clearTimeout(timer);
      box.remove();
    },
  };
}
