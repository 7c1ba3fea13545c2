import type { CSSProperties } from 'react';

type Props = { link: string; zoom: number; title: string };

/**
 * A website as a screen shows it: in a frame, scaled by its zoom (the page is laid out at
 * 1/zoom of the box and scaled back, as the player does). Scripts run; the frame stays sandboxed.
 */
export function WebsiteFrame({ link, zoom, title }: Props) {
  return (
    <div className="content-website" dir="ltr" style={{ '--frame-zoom': zoom } as CSSProperties}>
      <iframe
        className="content-website__frame"
        src={link}
        title={title}
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
