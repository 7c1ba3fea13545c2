import type { PlayerState } from '@vitrine/contract';
import { DEVICE_PIN_TTL_SECONDS } from '@vitrine/contract';
import QRCode from 'qrcode';
import type { Translate } from '../i18n';
import { el, mount, type ScreenView } from './dom';

type UnpairedProps = {
  state: PlayerState;
  t: Translate;
  origin: string;
  /** Server time now (ms), for the PIN's countdown. */
  now: number;
};

/** The console's add drawer, opened with this screen's ID filled in. */
export const addDeviceUrl = (origin: string, signageId: string): string =>
  `${origin}/device/list?act=add&signage_id=${encodeURIComponent(signageId)}`;

/** Signage ID, PIN with its countdown, server address and QR code, for an operator to add the screen. */
export function renderUnpaired(root: HTMLElement, { state, t, origin, now }: UnpairedProps): ScreenView {
  const screen = el('section', 'screen unpaired');
  const details = el('div', 'pairing');
  details.append(
    el('h1', 'title', t('unpaired.title')),
    field(t('unpaired.signageId'), code('signage-id', state.signage_id)),
    field(t('unpaired.pin'), code('pin', state.pin ?? '------'), countdown(state.pin_expires_at, now)),
    el('p', 'instruction', t('unpaired.instruction')),
    field(t('unpaired.server'), code('server', origin)),
  );

  const qr = el('figure', 'qr');
  const image = el('div', 'qr-image');
  qr.append(image, el('figcaption', 'qr-caption', t('unpaired.scan')));
  // The SVG comes from the QR library, built from a URL this screen made: no outside markup.
  void QRCode.toString(addDeviceUrl(origin, state.signage_id), {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  }).then((svg) => {
    image.innerHTML = svg;
  });

  const status = el('footer', 'status-line');
  screen.append(details, qr, status);
  mount(root, screen);
  return {
    setStatus(value) {
      status.dataset.status = value;
      status.textContent = t(`status.${value}`);
    },
    destroy() {},
  };
}

function field(label: string, ...content: HTMLElement[]): HTMLElement {
  const wrapper = el('div', 'field');
  wrapper.append(el('div', 'label', label), ...content);
  return wrapper;
}

/** Codes read left to right, also on an Arabic screen. */
function code(className: string, value: string): HTMLElement {
  const element = el('div', `code ${className}`, value);
  element.dir = 'ltr';
  return element;
}

/** A thin bar that empties as the PIN nears its end: a CSS animation started part-way through. */
function countdown(expiresAt: string | null, now: number): HTMLElement {
  const track = el('div', 'countdown');
  const bar = el('div', 'countdown-bar');
  const total = DEVICE_PIN_TTL_SECONDS * 1000;
  const left = expiresAt ? Math.min(total, Math.max(0, Date.parse(expiresAt) - now)) : 0;
  bar.style.animationDuration = `${total}ms`;
  bar.style.animationDelay = `${left - total}ms`;
  track.append(bar);
  return track;
}
