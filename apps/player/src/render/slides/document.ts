import type { ItemFit, MediaRef } from '@vitrine/contract';
import type { Slide, SlideContext } from '../slide';
import { decodedImage } from './image';

/**
 * A document page by page, each page an equal share of the item's time. The next page is decoded
 * while the current one shows and swapped in on a frame; a page that fails keeps the current one.
 */
export async function prepareDocument(
  pages: MediaRef[],
  options: { fit: ItemFit; duration_ms: number },
  context: SlideContext,
): Promise<Slide> {
  const first = pages[0];
  if (!first) return prepareBlank();
  let shown = await decodedImage(first, options.fit, context.signal);
  context.layer.append(shown);
  const pageMs = options.duration_ms / pages.length;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  let stopped = false;
  let index = 0;

  const turn = async (startedAt: number) => {
    index = (index + 1) % pages.length;
    const next = await decodedImage(pages[index] as MediaRef, options.fit, context.signal).catch(() => null);
    const due = startedAt + pageMs;
    timer = setTimeout(
      () => {
        frame = requestAnimationFrame(() => {
          if (stopped) return;
          if (next) {
            context.layer.append(next);
            shown.remove();
            shown = next;
          }
          void turn(performance.now());
        });
      },
      Math.max(0, due - performance.now()),
    );
  };

  return {
    start() {
      if (pages.length > 1) void turn(performance.now());
    },
    dispose() {
      stopped = true;
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      context.layer.replaceChildren();
    },
  };
}

/** A document without pages shows the zone's background. */
function prepareBlank(): Promise<Slide> {
  return Promise.resolve({ start() {}, dispose() {} });
}
