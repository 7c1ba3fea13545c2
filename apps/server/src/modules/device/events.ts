// What happens to screens that other areas follow (control rules, docs/rules.md): a screen went
// offline, came online, or reported content it could not show. The device area runs before them
// and cannot import them, so they listen here (decoration `app.deviceEvents`) from their plugins.

export type DeviceEventName = 'offline' | 'online' | 'content-error';
export type DeviceEventListener = (event: DeviceEventName, ids: readonly number[], at: Date) => Promise<void>;

export class DeviceEvents {
  readonly #listeners: DeviceEventListener[] = [];

  on(listener: DeviceEventListener) {
    this.#listeners.push(listener);
  }

  /** Tells every listener, after the change is stored (listeners queue their work as jobs). */
  async emit(event: DeviceEventName, ids: readonly number[], at = new Date()) {
    if (ids.length === 0) return;
    for (const listener of this.#listeners) await listener(event, ids, at);
  }
}
