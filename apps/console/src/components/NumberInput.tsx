import { Input, type InputProps } from 'antd';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptsKey,
  type NumberBounds,
  parseNumber,
  sanitizeNumber,
  settleNumber,
} from './number-input-rules';

const MIN_FONT_SIZE = 12;

export type NumberInputProps = Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> &
  NumberBounds & {
    value?: number | null;
    onChange?: (value: number | null) => void;
    height?: number | string;
    width?: number | string;
    fontSize?: number;
  };

const format = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A text field for numbers (spec 000 §5, §9): 40 px high, full width, "Enter a number". */
export function NumberInput({
  value,
  onChange,
  min,
  max,
  decimals = false,
  height = 40,
  width = '100%',
  fontSize = 14,
  placeholder,
  style,
  onBlur,
  onKeyDown,
  onPaste,
  ...rest
}: NumberInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(format(value));

  // A value set from outside replaces the text, unless the text already says the same ("1." is 1).
  useEffect(() => {
    setText((current) => (parseNumber(current) === (value ?? null) ? current : format(value)));
  }, [value]);

  function update(next: string) {
    setText(next);
    const parsed = parseNumber(next);
    if (parsed !== (value ?? null)) onChange?.(parsed);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const { key, ctrlKey, metaKey, altKey } = event;
    if (key.length === 1 && !ctrlKey && !metaKey && !altKey) {
      const input = event.currentTarget;
      const selected = input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);
      if (!acceptsKey(key, input.value, selected, decimals)) event.preventDefault();
    }
    onKeyDown?.(event);
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    const pasted = event.clipboardData.getData('text');
    update(sanitizeNumber(input.value.slice(0, start) + pasted + input.value.slice(end), decimals));
    onPaste?.(event);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const settled = settleNumber(text, { min, max, decimals });
    setText(format(settled));
    if (settled !== (value ?? null)) onChange?.(settled);
    onBlur?.(event);
  }

  return (
    <Input
      {...rest}
      inputMode={decimals ? 'decimal' : 'numeric'}
      value={text}
      placeholder={placeholder ?? t('numberInput.placeholder')}
      onChange={(event: ChangeEvent<HTMLInputElement>) =>
        update(sanitizeNumber(event.target.value, decimals))
      }
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onBlur={handleBlur}
      style={{ height, width, fontSize: Math.max(MIN_FONT_SIZE, fontSize), ...style }}
    />
  );
}
