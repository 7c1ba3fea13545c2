import { type MarqueeSpec, marqueeSeconds } from '@vitrine/contract';
import { el, type Slide, type SlideContext } from '../slide';
import { fontStack, loadFont } from './fonts';

/** Text sizes are given for a 1080-pixel-high canvas. */
export const textPixels = (size: number, canvasHeight: number) => (size * canvasHeight) / 1080;

/**
 * A text message running across its zone as the console's preview shows it: at its position,
 * moving its way, crossing in marqueeSeconds(speed), in its font once that has loaded. The band is
 * laid out left to right because the motion is physical; the text keeps its own direction.
 */
export async function prepareMarquee(text: MarqueeSpec, context: SlideContext): Promise<Slide> {
  await loadFont(text.font);
  const band = el('div', `render-marquee render-marquee--${text.position} render-marquee--${text.direction}`);
  band.dir = 'ltr';
  band.style.fontFamily = fontStack(text.font);
  band.style.fontSize = `${textPixels(text.font_size, context.canvasHeight)}px`;
  band.style.color = text.color;
  band.style.background = text.background_color;
  band.style.setProperty('--marquee-seconds', `${marqueeSeconds(text.speed)}s`);
  const track = el('span', 'render-marquee__track');
  track.dir = 'auto';
  track.textContent = text.content;
  band.append(track);
  context.layer.append(band);
  return {
    // Runs from the start when shown, not from when it was prepared.
    start() {
      band.classList.add('render-marquee--running');
    },
    dispose() {
      band.remove();
    },
  };
}
