import type { ConnectionStatus } from '../socket';

/** A screen on show: it follows the connection status and cleans up its timers when replaced. */
export type ScreenView = {
  setStatus(status: ConnectionStatus): void;
  destroy(): void;
};

/** An element with a class and, when given, its text (never HTML). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/** Puts a screen in the root, replacing whatever was shown. */
export function mount(root: HTMLElement, screen: HTMLElement): void {
  root.replaceChildren(screen);
}
