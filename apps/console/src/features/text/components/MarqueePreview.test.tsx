import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { textItem } from '../../../test/text';
import { MarqueePreview } from './MarqueePreview';

const band = () => screen.getByTestId('marquee-preview').firstElementChild as HTMLElement;

describe('MarqueePreview', () => {
  it('runs the text at its position, its way, crossing faster as the speed rises', () => {
    const { rerender } = render(<MarqueePreview text={textItem({ speed: 1 })} label="Preview" />);
    expect(band().className).toBe('marquee__band marquee__band--bottom marquee__band--left');
    expect(band().style.getPropertyValue('--marquee-seconds')).toBe('24s');
    rerender(
      <MarqueePreview
        text={textItem({
          position: 'top',
          direction: 'up',
          speed: 10,
          font_size: 120,
          color: '#ff0000',
          background_color: 'transparent',
        })}
        label="Preview"
      />,
    );
    expect(band().className).toBe('marquee__band marquee__band--top marquee__band--up');
    expect(band().style.getPropertyValue('--marquee-seconds')).toBe('2.4s');
    expect(band().style.getPropertyValue('--marquee-size')).toBe('120');
    expect(band().style.getPropertyValue('--marquee-color')).toBe('#ff0000');
    expect(band().style.getPropertyValue('--marquee-background')).toBe('transparent');
  });

  it('moves the same way in every language while Arabic text keeps its own direction', () => {
    render(
      <div dir="rtl">
        <MarqueePreview text={textItem({ content: 'تخفيضات اليوم', direction: 'right' })} label="معاينة" />
      </div>,
    );
    expect(screen.getByRole('img', { name: 'معاينة' })).toBeTruthy();
    expect(band().getAttribute('dir')).toBe('ltr');
    const track = screen.getByText('تخفيضات اليوم');
    expect(track.getAttribute('dir')).toBe('auto');
    expect(track.className).toBe('marquee__track');
  });
});
