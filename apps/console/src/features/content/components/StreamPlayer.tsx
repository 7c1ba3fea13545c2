import { HLS_MIME, isHlsLink } from '@vitrine/contract';
import { Alert } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Plays a stream: HLS through hls.js (loaded on demand) in browsers that cannot play it
 * themselves (all but Safari), anything else, and HLS where supported natively, as the video's source.
 */
export function StreamPlayer({ link, title }: { link: string; title: string }) {
  const { t } = useTranslation('content');
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    setFailed(false);
    if (!isHlsLink(link) || element.canPlayType(HLS_MIME)) {
      element.src = link;
      return () => {
        element.removeAttribute('src');
        element.load();
      };
    }
    let closed = false;
    let destroy = () => {};
    import('hls.js').then(
      ({ default: Hls }) => {
        if (closed) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(link);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      },
      () => setFailed(true),
    );
    return () => {
      closed = true;
      destroy();
    };
  }, [link]);

  return (
    <>
      {failed ? (
        <Alert type="warning" showIcon title={t('preview.streamFailed')} style={{ marginBottom: 12 }} />
      ) : null}
      <video
        ref={video}
        className="content-preview__media"
        title={title}
        controls
        autoPlay
        muted
        playsInline
        onError={() => setFailed(true)}
      />
    </>
  );
}
