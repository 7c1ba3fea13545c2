import { Flex, Segmented } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './template.css';

/** The screen a package is laid out on when it does not say its own size. */
const SCREEN = { landscape: { width: 1920, height: 1080 }, portrait: { width: 1080, height: 1920 } };
type Orientation = keyof typeof SCREEN;
/** How much of the window's height the stage may take. */
const MAX_HEIGHT_SHARE = 0.65;

type Props = {
  /** The package's entry page. */
  url: string;
  title: string;
  /** The package's own size, when known: its orientation. */
  width: number | null;
  height: number | null;
};

/**
 * An H5 package as a screen shows it: laid out at the screen's size in a frame that may run
 * scripts but nothing else (no same origin, forms, pop-ups or top navigation), scaled to fit.
 * Without a size of its own it is shown landscape or portrait, as chosen.
 */
export function H5Frame({ url, title, width, height }: Props) {
  const { t } = useTranslation('template');
  const known = width && height ? { width, height } : null;
  const [orientation, setOrientation] = useState<Orientation>('landscape');
  const screen = known ?? SCREEN[orientation];
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setRoom(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const maxHeight = window.innerHeight * MAX_HEIGHT_SHARE;
  const scale = room > 0 ? Math.min(room / screen.width, maxHeight / screen.height) : 0;

  return (
    <Flex vertical gap="small">
      {known ? null : (
        <Segmented<Orientation>
          aria-label={t('preview.orientation')}
          value={orientation}
          onChange={setOrientation}
          options={[
            { value: 'landscape', label: t('preview.landscape') },
            { value: 'portrait', label: t('preview.portrait') },
          ]}
          style={{ alignSelf: 'center' }}
        />
      )}
      <div ref={box} className="h5-frame" dir="ltr">
        <div
          className="h5-frame__stage"
          style={{ inlineSize: screen.width * scale, blockSize: screen.height * scale }}
        >
          <iframe
            className="h5-frame__page"
            src={url}
            title={title}
            sandbox="allow-scripts"
            referrerPolicy="no-referrer"
            style={{ width: screen.width, height: screen.height, transform: `scale(${scale})` }}
          />
        </div>
      </div>
    </Flex>
  );
}
