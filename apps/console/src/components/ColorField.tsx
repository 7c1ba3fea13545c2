import { TEXT_DEFAULTS, TEXT_TRANSPARENT } from '@vitrine/contract';
import { Checkbox, ColorPicker, Flex } from 'antd';
import { leftToRight } from '../lib/bidi';

/** A #rrggbb colour; the background may instead be transparent. */
export function ColorField({
  value,
  onChange,
  transparentLabel,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  transparentLabel?: string;
  id?: string;
}) {
  const transparent = value === TEXT_TRANSPARENT;
  return (
    <Flex align="center" gap="middle" wrap id={id}>
      <ColorPicker
        value={transparent ? TEXT_DEFAULTS.background_color : value}
        disabled={transparent}
        disabledAlpha
        // The code reads left to right in Arabic too (#D4380D, not D4380D#).
        showText={(color) => leftToRight(color.toHexString().toUpperCase())}
        format="hex"
        onChange={(color) => onChange?.(color.toHexString())}
      />
      {transparentLabel ? (
        <Checkbox
          checked={transparent}
          onChange={(event) =>
            onChange?.(event.target.checked ? TEXT_TRANSPARENT : TEXT_DEFAULTS.background_color)
          }
        >
          {transparentLabel}
        </Checkbox>
      ) : null}
    </Flex>
  );
}
