import type { Program } from '@vitrine/contract';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The player's preview page: it renders the program it is sent with the screen's own renderer. */
export const PREVIEW_PAGE = '/player/preview.html';

type Props = {
  /** What to show; nothing until it is known. */
  program: Program | undefined;
  /** At the canvas's own size in pixels; otherwise as wide as its container, in the canvas's shape. */
  realSize?: boolean;
};

/**
 * A program as a screen plays it: the player's preview page in a frame, sent the program
 * (postMessage, this origin only) once the page says it is ready, and again whenever it changes.
 */
export function ProgramPreview({ program, realSize = false }: Props) {
  const { i18n } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const ready = useRef(false);
  const latest = useRef(program);
  latest.current = program;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const page = frame.current?.contentWindow;
      if (event.origin !== location.origin || !page || event.source !== page) return;
      if ((event.data as { type?: unknown } | null)?.type !== 'vitrine:ready') return;
      // A reloaded page says so again and gets the program again.
      ready.current = true;
      send(page, latest.current);
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    const page = frame.current?.contentWindow;
    if (ready.current && page) send(page, program);
  }, [program]);

  const width = program?.width ?? 16;
  const height = program?.height ?? 9;
  const style: CSSProperties = realSize
    ? { width, height }
    : { width: '100%', height: 'auto', aspectRatio: `${width} / ${height}` };
  return (
    <iframe
      ref={frame}
      src={`${PREVIEW_PAGE}?lang=${encodeURIComponent(i18n.language)}`}
      title={program?.name ?? ''}
      data-testid="program-preview"
      style={{ display: 'block', border: 0, background: '#000', ...style }}
    />
  );
}

function send(page: Window, program: Program | undefined) {
  if (program) page.postMessage({ type: 'vitrine:program', program }, location.origin);
}
