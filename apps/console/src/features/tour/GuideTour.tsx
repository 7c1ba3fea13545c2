import { Button, Tour, type TourStepProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTourDialog } from './tour-dialog';
import {
  isMenuAnchor,
  TOUR_ELEMENT_TIMEOUT_MS,
  TOUR_MASK_OPACITY,
  TOUR_POLL_MS,
  TOUR_STEP_POLL_MS,
  TOUR_STEPS,
  type TourName,
} from './tour-logic';

type Props = {
  tour: TourName;
  /** Phone layout: the menu is a closed drawer, so its steps show in the middle of the screen. */
  mobile: boolean;
  /** The step whose Next waits until the user has done what it asks (its text says so). */
  waiting?: string | null;
  onFinish: () => void;
  onSkip: () => void;
  /** The close button, or an element that did not appear within 30 s. */
  onClose: (reason: 'closed' | 'timeout') => void;
};

const element = (id: string) => document.getElementById(id);
const PRESSED_ON_NEXT = ['addDevice', 'scheduleNext'];

/**
 * One tour (spec 000 §2, §9): before each step it waits for the step's element (every 200 ms for
 * the first, 100 ms for the next ones, as the user opens a drawer or walks a wizard) and closes
 * itself when that element has not appeared within 30 s. The mask is 75 % opaque.
 */
export function GuideTour({ tour, mobile, waiting = null, onFinish, onSkip, onClose }: Props) {
  const { t } = useTranslation('tour');
  const ids = TOUR_STEPS[tour];
  const [current, setCurrent] = useState(0);
  /** The step whose element is there: the tour shows only then. */
  const [ready, setReady] = useState<number | null>(null);

  const centered = (id: string) => mobile && isMenuAnchor(id);

  // biome-ignore lint/correctness/useExhaustiveDependencies: waits anew for each step only
  useEffect(() => {
    const id = ids[current];
    if (centered(id) || element(id)) {
      setReady(current);
      return;
    }
    setReady(null);
    const every = current === 0 ? TOUR_POLL_MS : TOUR_STEP_POLL_MS;
    let waited = 0;
    const timer = window.setInterval(() => {
      waited += every;
      if (element(id)) {
        window.clearInterval(timer);
        setReady(current);
      } else if (waited >= TOUR_ELEMENT_TIMEOUT_MS) {
        window.clearInterval(timer);
        onClose('timeout');
      }
    }, every);
    return () => window.clearInterval(timer);
  }, [current, tour]);

  // A step's element may grow after it appears (a list that loads): the Tour measures its hole on
  // window resizes only, so one is announced whenever the element's size changes.
  useEffect(() => {
    const target = ready === null ? null : element(ids[ready]);
    if (!target || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => window.dispatchEvent(new Event('resize')));
    observer.observe(target);
    return () => observer.disconnect();
  }, [ready, ids]);

  // A dialog that keeps the focus; Escape ends the tours for good, as Skip does.
  useTourDialog({
    shown: ready === current,
    title: t(`${tour}.${ids[current]}.title`),
    target: () => (centered(ids[current]) ? null : element(ids[current])),
    onEscape: onSkip,
  });

  const steps: TourStepProps[] = ids.map((id, index) => ({
    title: t(`${tour}.${id}.title`),
    description: t(`${tour}.${id}.${id === waiting ? 'waiting' : 'description'}`),
    target: centered(id) ? null : () => element(id) as HTMLElement,
    nextButtonProps:
      // These steps' buttons bring the next step's element (the add drawer, the wizard's next page):
      // the tour's Next presses them, or the next step would wait for an element never shown.
      PRESSED_ON_NEXT.includes(id) ? { onClick: () => element(id)?.click() } : undefined,
    prevButtonProps: index > 0 ? { children: t('previous') } : undefined,
  }));

  return (
    <Tour
      open={ready === current}
      current={current}
      steps={steps}
      mask={{ color: `rgba(0, 0, 0, ${TOUR_MASK_OPACITY})` }}
      onChange={setCurrent}
      onFinish={onFinish}
      onClose={() => onClose('closed')}
      actionsRender={(buttons, { current: at }) => (
        <>
          <Button id="tourSkip" size="small" type="text" onClick={onSkip}>
            {t('skip')}
          </Button>
          {ids[at] === waiting ? (
            // No Next until it is done: back only.
            <Button size="small" onClick={() => setCurrent(at - 1)}>
              {t('previous')}
            </Button>
          ) : (
            buttons
          )}
        </>
      )}
    />
  );
}
