import { describe, expect, it, vi } from 'vitest';
import { listenForTags, WEDGE_KEY_GAP_MS, WedgeReader } from './sensor-input';

/** Types `text` then Enter, `gap` ms apart from `start`; answers what the reader made of the Enter. */
function type(reader: WedgeReader, text: string, gap: number, start = 1_000) {
  let at = start;
  for (const key of text) {
    expect(reader.feed(key, at)).toBeNull();
    at += gap;
  }
  return reader.feed('Enter', at);
}

describe('WedgeReader', () => {
  it('takes a reader’s fast burst ended by Enter as a tag ID, normalized', () => {
    expect(type(new WedgeReader(), '04:a2:b3:c4', 8)).toBe('04:A2:B3:C4');
    expect(type(new WedgeReader(), '1234567890', WEDGE_KEY_GAP_MS)).toBe('1234567890');
  });

  it('never takes a person’s typing for a tag, however it ends', () => {
    expect(type(new WedgeReader(), '123456', 120)).toBeNull();
    // Slow then fast: only the fast tail counts, and it is too short.
    const reader = new WedgeReader();
    for (const [key, at] of [
      ['9', 0],
      ['9', 300],
      ['1', 600],
      ['2', 605],
    ] as const) {
      reader.feed(key, at);
    }
    expect(reader.feed('Enter', 610)).toBeNull();
    // An Enter long after a fast burst: a person pressed it.
    const late = new WedgeReader();
    for (const [index, key] of [...'ABCDEF'].entries()) late.feed(key, index * 5);
    expect(late.feed('Enter', 25 + WEDGE_KEY_GAP_MS + 1)).toBeNull();
  });

  it('starts again after each read and after a pause, and ignores keys that type nothing', () => {
    const reader = new WedgeReader();
    expect(type(reader, 'TAG1', 5, 0)).toBe('TAG1');
    expect(type(reader, 'TAG2', 5, 10_000)).toBe('TAG2');
    // Stray keys a while ago do not prefix the next burst.
    reader.feed('x', 20_000);
    expect(type(reader, 'TAG3', 5, 20_500)).toBe('TAG3');
    // Shift before a capital is part of a reader's burst.
    for (const [key, at] of [
      ['Shift', 30_000],
      ['A', 30_004],
      ['B', 30_008],
      ['C', 30_012],
      ['D', 30_016],
    ] as const) {
      reader.feed(key, at);
    }
    expect(reader.feed('Enter', 30_020)).toBe('ABCD');
  });

  it('refuses bursts that cannot be a sensor ID (too short, stray characters)', () => {
    expect(type(new WedgeReader(), 'AB1', 5)).toBeNull();
    expect(type(new WedgeReader(), 'AB C1', 5)).toBeNull();
    expect(type(new WedgeReader(), 'A'.repeat(65), 5)).toBeNull();
  });
});

describe('listenForTags', () => {
  it('hears the wedge on the page but not keys typed into a field, and stops', () => {
    let clock = 0;
    const reads = vi.fn();
    const tags = listenForTags(window, reads, () => clock);
    const press = (key: string, target: EventTarget = window) => {
      clock += 5;
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    };
    for (const key of 'ab12') press(key);
    press('Enter');
    expect(reads).toHaveBeenCalledWith('AB12', 'wedge');

    const input = document.createElement('input');
    document.body.append(input);
    for (const key of 'cd34') press(key, input);
    press('Enter', input);
    expect(reads).toHaveBeenCalledTimes(1);
    input.remove();

    tags.stop();
    for (const key of 'ef56') press(key);
    press('Enter');
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('reads Web NFC serial numbers where the browser has NDEFReader', async () => {
    const listeners: ((event: { serialNumber?: string }) => void)[] = [];
    const scan = vi.fn(async () => {});
    class NDEFReader {
      scan = scan;
      addEventListener(_type: string, listener: (event: { serialNumber?: string }) => void) {
        listeners.push(listener);
      }
    }
    const target = Object.assign(new EventTarget(), { NDEFReader }) as unknown as Window;
    const reads = vi.fn();
    const tags = listenForTags(target, reads);
    expect(scan).toHaveBeenCalledTimes(1);
    listeners[0]({ serialNumber: '04:6f:12:aa' });
    listeners[0]({});
    expect(reads).toHaveBeenCalledWith('04:6F:12:AA', 'nfc');
    expect(reads).toHaveBeenCalledTimes(1);
    tags.stop();
  });

  it('hands a networked sensor’s relayed read to the same handler as a wedge tap', () => {
    let clock = 0;
    const reads = vi.fn();
    const tags = listenForTags(window, reads, () => clock);
    for (const key of 'ab12\n') {
      clock += 5;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: key === '\n' ? 'Enter' : key }));
    }
    tags.relayed('ab12');
    tags.relayed('not a tag');
    expect(reads.mock.calls).toEqual([
      ['AB12', 'wedge'],
      ['AB12', 'network'],
    ]);
    tags.stop();
  });
});
