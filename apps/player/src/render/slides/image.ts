import type { ItemFit, MediaRef } from '@vitrine/contract';
import { mediaSource } from '../media-source';
import { el, type Slide, type SlideContext, SlideError, whenEvent } from '../slide';

/** An image element loaded and decoded, so showing it paints at once. */
export async function decodedImage(
  media: MediaRef,
  fit: ItemFit,
  signal: AbortSignal,
): Promise<HTMLImageElement> {
  const image = el('img', 'render-fill');
  image.style.objectFit = fit;
  image.alt = '';
  image.decoding = 'async';
  image.src = mediaSource(media.url);
  await whenEvent(image, ['load'], signal, () => new SlideError('load', `image ${media.url} did not load`));
  try {
    await image.decode();
  } catch {
    throw new SlideError('decode', `image ${media.url} could not be decoded`);
  }
  return image;
}

/** A picture (or a sticker) filling its layer as its fit says. */
export async function prepareImage(media: MediaRef, fit: ItemFit, context: SlideContext): Promise<Slide> {
  const image = await decodedImage(media, fit, context.signal);
  context.layer.append(image);
  return {
    start() {},
    dispose() {
      image.removeAttribute('src');
      image.remove();
    },
  };
}
