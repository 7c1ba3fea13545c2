import type { PlayerInfo, PlayerState } from '@vitrine/contract';
import type { Translate } from '../i18n';
import type { PinGuard } from '../lock';
import { el } from './dom';

// The screen's own settings (ARCHITECTURE §7): opened by holding the top-left corner for
// HOLD_MS or with Ctrl+Alt+S, behind the console's PIN when one is set. Shows what an installer
// needs (server, signage ID, version, storage) and reloads or unpairs the screen.

export const HOLD_MS = 3_000;
/** The corner that opens it, as a share of the screen's shorter side. */
const CORNER = 0.12;
const PIN = /^\d{6}$/;

export type SettingsContext = {
  t: Translate;
  state: () => PlayerState | null;
  info: () => PlayerInfo;
  server: string;
  guard: PinGuard;
  reload: () => void;
  /** Forgets the device token and registers the screen anew. */
  unpair: () => void;
};

function button(label: string, onClick: () => void, className = 'settings-button'): HTMLButtonElement {
  const element = el('button', className, label);
  element.type = 'button';
  element.addEventListener('click', onClick);
  return element;
}

function row(label: string, value: string): HTMLElement {
  const line = el('div', 'settings-row');
  line.append(el('span', 'label', label), el('span', 'settings-value', value));
  return line;
}

export class SettingsScreen {
  private readonly layer = el('div', 'settings');
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly context: SettingsContext) {}

  get isOpen(): boolean {
    return this.layer.isConnected;
  }

  /** Listens for the corner press and the shortcut; answers a function that stops listening. */
  listen(target: Window = window): () => void {
    const cancelHold = () => clearTimeout(this.holdTimer);
    const down = (event: PointerEvent) => {
      const corner = Math.min(target.innerWidth, target.innerHeight) * CORNER;
      if (this.isOpen || event.clientX > corner || event.clientY > corner) return;
      cancelHold();
      this.holdTimer = setTimeout(() => this.open(), HOLD_MS);
    };
    const key = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        this.open();
      } else if (event.key === 'Escape' && this.isOpen) this.close();
    };
    target.addEventListener('pointerdown', down, true);
    target.addEventListener('pointerup', cancelHold, true);
    target.addEventListener('pointercancel', cancelHold, true);
    target.addEventListener('keydown', key, true);
    return () => {
      cancelHold();
      target.removeEventListener('pointerdown', down, true);
      target.removeEventListener('pointerup', cancelHold, true);
      target.removeEventListener('pointercancel', cancelHold, true);
      target.removeEventListener('keydown', key, true);
    };
  }

  open(): void {
    if (!this.isOpen) document.body.append(this.layer);
    const lock = this.context.state()?.lock;
    if (lock) this.askPin(lock);
    else this.showPanel();
  }

  close(): void {
    this.layer.replaceChildren();
    this.layer.remove();
  }

  private frame(title: string, ...content: HTMLElement[]): void {
    const panel = el('div', 'settings-panel');
    panel.append(el('h1', 'title', title), ...content);
    this.layer.replaceChildren(panel);
  }

  private askPin(lock: NonNullable<PlayerState['lock']>): void {
    const { t, guard } = this.context;
    const form = el('form', 'settings-pin');
    const input = el('input', 'settings-input code');
    Object.assign(input, { type: 'password', inputMode: 'numeric', maxLength: 6, autocomplete: 'off' });
    input.setAttribute('aria-label', t('lock.prompt'));
    const message = el('p', 'settings-error');
    message.setAttribute('role', 'alert');
    const actions = el('div', 'settings-actions');
    const submit = el('button', 'settings-button primary', t('lock.submit'));
    submit.type = 'submit';
    actions.append(
      submit,
      button(t('settings.close'), () => this.close()),
    );
    form.append(input, message, actions);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const waitBefore = guard.waitMs();
      const answer = PIN.test(input.value) || waitBefore > 0 ? guard.check(lock, input.value) : null;
      if (answer?.ok) return this.showPanel();
      input.value = '';
      const wait = answer ? answer.waitMs : 0;
      message.textContent =
        wait > 0 ? t('lock.wait').replace('{{seconds}}', String(Math.ceil(wait / 1000))) : t('lock.wrong');
      input.focus();
    });
    this.frame(t('lock.title'), el('p', 'message', t('lock.prompt')), form);
    input.focus();
  }

  private showPanel(): void {
    const { t, info, state, server } = this.context;
    const details = info();
    const rows = el('div', 'settings-rows');
    rows.append(
      row(t('settings.server'), server),
      row(t('settings.signageId'), state()?.signage_id ?? '—'),
      row(t('settings.version'), details.player_version ?? '—'),
      row(t('settings.storage'), details.storage_mode ?? '—'),
    );
    const actions = el('div', 'settings-actions');
    actions.append(
      button(t('settings.reload'), () => this.context.reload()),
      button(t('settings.unpair'), () => this.confirmUnpair(actions), 'settings-button danger'),
      button(t('settings.close'), () => this.close(), 'settings-button primary'),
    );
    this.frame(t('settings.title'), el('p', 'message', t('settings.help')), rows, actions);
  }

  private confirmUnpair(actions: HTMLElement): void {
    const { t } = this.context;
    const confirm = el('div', 'settings-confirm');
    const buttons = el('div', 'settings-actions');
    buttons.append(
      button(
        t('settings.unpairYes'),
        () => {
          this.close();
          this.context.unpair();
        },
        'settings-button danger',
      ),
      button(t('settings.cancel'), () => this.showPanel()),
    );
    confirm.append(el('p', 'message', t('settings.unpairConfirm')), buttons);
    actions.replaceWith(confirm);
  }
}
