import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, type NumberInputProps } from './NumberInput';
import { acceptsKey, sanitizeNumber, settleNumber } from './number-input-rules';

describe('number input rules', () => {
  it('keeps digits, and one "." only when decimals are allowed', () => {
    expect(sanitizeNumber('1a2-3 4', false)).toBe('1234');
    expect(sanitizeNumber('1.5', false)).toBe('15');
    expect(sanitizeNumber('1.5.2', true)).toBe('1.52');
    expect(sanitizeNumber('-12e3', true)).toBe('123');
  });

  it('accepts typed digits, and "." once with decimals', () => {
    expect(acceptsKey('7', '', '', false)).toBe(true);
    expect(acceptsKey('a', '', '', true)).toBe(false);
    expect(acceptsKey('.', '1', '', false)).toBe(false);
    expect(acceptsKey('.', '1', '', true)).toBe(true);
    expect(acceptsKey('.', '1.5', '', true)).toBe(false);
    expect(acceptsKey('.', '1.5', '.5', true)).toBe(true);
  });

  it('settles on blur: non-numbers become the minimum, values are clamped and rounded', () => {
    expect(settleNumber('', { min: 3 })).toBe(3);
    expect(settleNumber('.', { min: 1, decimals: true })).toBe(1);
    expect(settleNumber('', {})).toBeNull();
    expect(settleNumber('250', { min: 0, max: 100 })).toBe(100);
    expect(settleNumber('2', { min: 5 })).toBe(5);
    expect(settleNumber('7.6', { decimals: false })).toBe(8);
    expect(settleNumber('7.6', { decimals: true })).toBe(7.6);
    expect(settleNumber('99999999', {})).toBe(99_999_999);
  });
});

function Controlled(props: NumberInputProps & { spy: (value: number | null) => void }) {
  const { spy, ...rest } = props;
  const [value, setValue] = useState<number | null>(null);
  return (
    <NumberInput
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        spy(next);
      }}
    />
  );
}

const field = () => screen.getByPlaceholderText('Enter a number') as HTMLInputElement;

describe('NumberInput', () => {
  it('shows the translated placeholder, 40 px high and full width', () => {
    render(<NumberInput />);
    expect(field().style.height).toBe('40px');
    expect(field().style.width).toBe('100%');
  });

  it('never goes below a 12 px font', () => {
    render(<NumberInput fontSize={9} />);
    expect(field().style.fontSize).toBe('12px');
  });

  it('drops what is not a digit as it is typed', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    fireEvent.change(field(), { target: { value: '12a.5' } });
    expect(field().value).toBe('125');
    expect(spy).toHaveBeenLastCalledWith(125);
  });

  it('blocks keys that cannot go in', () => {
    render(<Controlled spy={vi.fn()} decimals />);
    fireEvent.change(field(), { target: { value: '1.5' } });
    const letter = fireEvent.keyDown(field(), { key: 'x' });
    const secondDot = fireEvent.keyDown(field(), { key: '.' });
    const digit = fireEvent.keyDown(field(), { key: '3' });
    const shortcut = fireEvent.keyDown(field(), { key: 'v', ctrlKey: true });
    expect([letter, secondDot, digit, shortcut]).toEqual([false, false, true, true]);
  });

  it('strips non-digits from pasted text', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    fireEvent.paste(field(), { clipboardData: { getData: () => '  1,234 units ' } });
    expect(field().value).toBe('1234');
    expect(spy).toHaveBeenLastCalledWith(1234);
  });

  it('clamps to the bounds and rounds on blur', () => {
    const spy = vi.fn();
    render(<Controlled spy={spy} min={1} max={50} />);
    fireEvent.change(field(), { target: { value: '75' } });
    fireEvent.blur(field());
    expect(field().value).toBe('50');
    expect(spy).toHaveBeenLastCalledWith(50);
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.blur(field());
    expect(field().value).toBe('1');
  });

  it('keeps decimals when allowed and rounds them away otherwise', () => {
    const withDecimals = vi.fn();
    const { unmount } = render(<Controlled spy={withDecimals} decimals />);
    fireEvent.change(field(), { target: { value: '2.75' } });
    fireEvent.blur(field());
    expect(withDecimals).toHaveBeenLastCalledWith(2.75);
    unmount();
    const whole = vi.fn();
    render(<Controlled spy={whole} />);
    fireEvent.paste(field(), { clipboardData: { getData: () => '2.75' } });
    fireEvent.blur(field());
    expect(whole).toHaveBeenLastCalledWith(275);
  });
});
