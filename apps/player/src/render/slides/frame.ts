import { el, type Slide, type SlideContext, SlideError, whenEvent } from '../slide';

type FrameOptions = {
  url: string;
  /** 'allow-scripts' for an H5 package; none for a website, which lives on its own origin. */
  sandbox: string | null;
  /** Reloaded this often while shown; null: never. */
  refresh_seconds: number | null;
  /** The page drawn this many times its size. */
  zoom: number;
};

/** A website or an H5 package in a frame, shown once its page has loaded. */
export async function prepareFrame(options: FrameOptions, context: SlideContext): Promise<Slide> {
  const frame = el('iframe', 'render-frame');
  if (options.sandbox !== null) frame.setAttribute('sandbox', options.sandbox);
  frame.setAttribute('allow', 'autoplay; fullscreen');
  frame.referrerPolicy = 'no-referrer';
  const zoom = options.zoom > 0 ? options.zoom : 1;
  if (zoom !== 1) {
    frame.style.width = `${100 / zoom}%`;
    frame.style.height = `${100 / zoom}%`;
    frame.style.transform = `scale(${zoom})`;
  }
  frame.src = options.url;
  context.layer.append(frame);
  try {
    await whenEvent(
      frame,
      ['load'],
      context.signal,
      () => new SlideError('load', `${options.url} did not load`),
    );
  } catch (error) {
    frame.remove();
    throw error;
  }
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    start() {
      const every = options.refresh_seconds;
      if (every && every > 0) timer = setInterval(() => frame.setAttribute('src', options.url), every * 1000);
    },
    dispose() {
      clearInterval(timer);
      frame.remove();
    },
  };
}
