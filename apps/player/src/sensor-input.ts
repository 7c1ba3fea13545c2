import { sensorIdOf } from '@vitrine/contract';

// Tag reads as a screen receives them (docs/device-features.md "Sensors"):
//
// - A USB NFC/RFID reader in keyboard-wedge mode types the tag's ID and then Enter. It types far
//   faster than a person: its keys come a few milliseconds apart (USB HID reports every 1–10 ms),
//   while a person's come 80 ms or more apart even when typing fast. A burst counts as a read when
//   every key of it followed the one before within WEDGE_KEY_GAP_MS, it is at least
//   WEDGE_MIN_LENGTH characters long, and Enter ends it within that gap too. Anything slower is a
//   person (on the settings screen's PIN, say) and is never taken for a tag.
// - Web NFC (NDEFReader, Chrome on Android) where the browser has it: the tag's serial number.
// - A networked sensor's read (POST /backend/sensor/read), relayed by the server over the socket
//   (socket.ts): handed to relayed() of what listenForTags answers.
//
// All three reach the same onRead, so a relayed read is a tap like any other.

/** The longest pause between two keys of one reader's burst (a person is slower). */
export const WEDGE_KEY_GAP_MS = 50;
/** The shortest ID a reader types; shorter bursts are stray keys. */
export const WEDGE_MIN_LENGTH = 4;

/** Turns keys into tag reads: feed every key with its time; a completed fast burst answers its ID. */
export class WedgeReader {
  private buffer = '';
  private last = Number.NEGATIVE_INFINITY;

  /** A key pressed at `at` (ms); answers the normalized tag ID when this Enter ends a reader's burst. */
  feed(key: string, at: number): string | null {
    const fast = at - this.last <= WEDGE_KEY_GAP_MS;
    this.last = at;
    if (key === 'Enter') {
      const typed = this.buffer;
      this.buffer = '';
      return fast && typed.length >= WEDGE_MIN_LENGTH ? sensorIdOf(typed) : null;
    }
    // One character: it continues a fast burst, or begins a new one. Anything else (Shift, arrows) is
    // no character a reader types into the ID and leaves the burst as it is (Shift before capitals).
    if (key.length !== 1) return null;
    this.buffer = fast ? this.buffer + key : key;
    return null;
  }
}

/** The Web NFC reader (Chrome on Android), where the browser has one. */
type NdefReader = {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  addEventListener(type: 'reading', listener: (event: { serialNumber?: string }) => void): void;
};
type NdefWindow = { NDEFReader?: new () => NdefReader };

/** Where a read came from. */
export type TagSource = 'wedge' | 'nfc' | 'network';

/** What listens for tags: a networked sensor's read relayed by the server goes in by relayed(). */
export type TagListener = { relayed(sensorId: string): void; stop(): void };

/**
 * Listens for tag reads from the keyboard wedge and, where the browser has it, Web NFC, and takes
 * the relayed ones; calls `onRead` with each normalized ID.
 */
export function listenForTags(
  target: Window,
  onRead: (sensorId: string, source: TagSource) => void,
  now: () => number = () => performance.now(),
): TagListener {
  const read = (raw: string | undefined, source: TagSource) => {
    const id = raw ? sensorIdOf(raw) : null;
    if (id) onRead(id, source);
  };
  const wedge = new WedgeReader();
  const onKey = (event: KeyboardEvent) => {
    // Keys typed into a field (the settings screen's PIN) are the field's.
    const field = event.target as HTMLElement | null;
    if (field && (field.tagName === 'INPUT' || field.tagName === 'TEXTAREA')) return;
    const id = wedge.feed(event.key, now());
    if (id) onRead(id, 'wedge');
  };
  target.addEventListener('keydown', onKey);
  const abort = new AbortController();
  const Reader = (target as unknown as NdefWindow).NDEFReader;
  if (Reader) {
    const reader = new Reader();
    reader.addEventListener('reading', (event) => read(event.serialNumber, 'nfc'));
    // Without the permission (or a user's gesture, the first time) the scan is refused: the wedge stays.
    reader.scan({ signal: abort.signal }).catch(() => {});
  }
  return {
    relayed: (sensorId) => read(sensorId, 'network'),
    stop: () => {
      target.removeEventListener('keydown', onKey);
      abort.abort();
    },
  };
}
