import { ColorPicker, Input, type InputProps } from 'antd';

interface Props extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?(value: string): void;
}

/**
 * A colour as a `#rrggbb` text field with antd's picker as its swatch. antd's picker alone is a
 * `div` that the keyboard cannot reach and that cannot carry the form's `aria-required`; the text
 * field can (Form.Item hands it its id, label and validation state), and the swatch stays for the mouse.
 */
export function ColorInput({ value, onChange, disabled, ...rest }: Props) {
  return (
    <Input
      {...rest}
      disabled={disabled}
      value={value}
      maxLength={7}
      spellCheck={false}
      onChange={(e) => onChange?.(e.target.value.trim())}
      prefix={
        <ColorPicker
          size="small"
          disabledAlpha
          disabled={disabled}
          value={value}
          onChange={(color) => onChange?.(color.toHexString())}
        />
      }
    />
  );
}
