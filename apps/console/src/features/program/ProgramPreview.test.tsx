import { act, render, screen } from '@testing-library/react';
import type { Program } from '@vitrine/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREVIEW_PAGE, ProgramPreview } from './ProgramPreview';

const program = (name: string): Program => ({
  kind: 'playlist',
  id: 1,
  name,
  width: 1920,
  height: 1080,
  background_color: '#000000',
  background: null,
  duration_ms: 10_000,
  zones: [],
});

beforeAll(() => {
  // The frame's page is the player's, not under test: happy-dom is not to load it.
  const dom = (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } })
    .happyDOM;
  dom.settings.disableIframePageLoading = true;
});

/** The framed page, standing in for the player's: what it is posted. */
function frameOf() {
  const page = { postMessage: vi.fn() } as unknown as Window;
  const post = page.postMessage as ReturnType<typeof vi.fn>;
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(page);
  const say = (data: unknown, source: unknown = page, origin = location.origin) =>
    act(() => {
      const event = new MessageEvent('message', { data, origin });
      Object.defineProperty(event, 'source', { value: source });
      window.dispatchEvent(event);
    });
  return { post, say };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ProgramPreview', () => {
  it('frames the player’s preview page in the console’s language', () => {
    render(<ProgramPreview program={undefined} />);
    expect(screen.getByTestId('program-preview').getAttribute('src')).toMatch(
      new RegExp(`^${PREVIEW_PAGE}\\?lang=`),
    );
  });

  it('sends the program once the page is ready, and again when it changes', () => {
    const { rerender } = render(<ProgramPreview program={program('first')} />);
    const { post, say } = frameOf();
    expect(post).not.toHaveBeenCalled();
    say({ type: 'vitrine:ready' });
    expect(post).toHaveBeenLastCalledWith(
      { type: 'vitrine:program', program: program('first') },
      location.origin,
    );
    rerender(<ProgramPreview program={program('second')} />);
    expect(post).toHaveBeenLastCalledWith(
      { type: 'vitrine:program', program: program('second') },
      location.origin,
    );
  });

  it('waits for a program before sending anything', () => {
    const { rerender } = render(<ProgramPreview program={undefined} />);
    const { post, say } = frameOf();
    say({ type: 'vitrine:ready' });
    expect(post).not.toHaveBeenCalled();
    rerender(<ProgramPreview program={program('late')} />);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('listens to its own page only, from this origin only', () => {
    render(<ProgramPreview program={program('first')} />);
    const { post, say } = frameOf();
    say({ type: 'vitrine:ready' }, window);
    say({ type: 'vitrine:ready' }, undefined, 'https://elsewhere.example');
    say({ type: 'something-else' });
    expect(post).not.toHaveBeenCalled();
  });

  it('fits its container in the canvas’s shape, or shows it at its real size', () => {
    const { rerender } = render(<ProgramPreview program={program('p')} />);
    const frame = screen.getByTestId('program-preview');
    expect(frame.style.width).toBe('100%');
    expect(frame.style.aspectRatio).toBe('1920 / 1080');
    rerender(<ProgramPreview program={program('p')} realSize />);
    expect([frame.style.width, frame.style.height]).toEqual(['1920px', '1080px']);
  });
});
