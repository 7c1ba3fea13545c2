import type { PlayItem } from '@vitrine/contract';
import { mediaSource } from '../media-source';
import type { Slide, SlideContext } from '../slide';
import { prepareClock } from './clock';
import { prepareDocument } from './document';
import { prepareFrame } from './frame';
import { prepareImage } from './image';
import { prepareMarquee } from './marquee';
import { prepareMusic } from './music';
import { attachStream } from './stream';
import { prepareVideo } from './video';

/** Fills the context's layer with the item, loaded and ready to show. */
export function prepareSlide(item: PlayItem, context: SlideContext): Promise<Slide> {
  switch (item.kind) {
    case 'image':
      return prepareImage(item.media, item.fit, context);
    case 'sticker':
      return prepareImage(item.media, 'contain', context);
    case 'video':
      return prepareVideo(
        { url: mediaSource(item.media.url), fit: item.fit, muted: item.muted, duration_ms: item.duration_ms },
        context,
      );
    case 'stream':
      return prepareVideo(
        { url: item.url, fit: 'contain', muted: item.muted, duration_ms: item.duration_ms },
        context,
        attachStream,
      );
    case 'music':
      return prepareMusic(item.media, item, context);
    case 'document':
      return prepareDocument(item.pages, item, context);
    case 'website':
      return prepareFrame(
        { url: item.url, sandbox: null, refresh_seconds: item.refresh_seconds, zoom: item.zoom },
        context,
      );
    case 'h5':
      return prepareFrame(
        { url: item.url, sandbox: 'allow-scripts', refresh_seconds: null, zoom: 1 },
        context,
      );
    case 'text':
      return prepareMarquee(item.text, context);
    case 'clock':
      return prepareClock(item.clock, context);
  }
}
