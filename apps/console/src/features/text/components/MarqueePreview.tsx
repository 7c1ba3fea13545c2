import { marqueeSeconds, type TextItem } from '@vitrine/contract';
import type { CSSProperties } from 'react';
import { fontStack, useFontFaces } from '../../font/api';
import './marquee.css';

export type MarqueeLook = Pick<
  TextItem,
  'content' | 'position' | 'direction' | 'speed' | 'color' | 'background_color' | 'font_size'
> &
  Partial<Pick<TextItem, 'font_family' | 'font_url'>>;

type Props = { text: MarqueeLook; label: string };

/**
 * A 16:9 screen with the text running across it as screens show it: at its position, moving its
 * way, crossing in marqueeSeconds(speed). The band is laid out left to right because the motion is
 * physical; the text itself keeps its own direction (dir="auto"), so Arabic reads right to left.
 */
export function MarqueePreview({ text, label }: Props) {
  const { font_family: family, font_url: url } = text;
  useFontFaces(family && url ? [{ family, url }] : undefined);
  const style = {
    fontFamily: fontStack(family),
    '--marquee-seconds': `${marqueeSeconds(text.speed)}s`,
    '--marquee-size': text.font_size,
    '--marquee-color': text.color,
    '--marquee-background': text.background_color,
  } as CSSProperties;
  return (
    <div className="marquee" role="img" aria-label={label} data-testid="marquee-preview">
      <div
        className={`marquee__band marquee__band--${text.position} marquee__band--${text.direction}`}
        style={style}
        dir="ltr"
      >
        <span className="marquee__track" dir="auto">
          {text.content}
        </span>
      </div>
    </div>
  );
}
