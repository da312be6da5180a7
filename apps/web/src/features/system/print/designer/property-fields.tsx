import { Input, InputNumber, Select, Switch, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

/** A labelled control of the properties panel: the label names the control (WCAG 1.3.1). */
export function Prop({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2, marginBottom: 8 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <label htmlFor={id}>{label}</label>
      </Typography.Text>
      {children(id)}
    </div>
  );
}

export function NumberProp(props: {
  label: string;
  value: number | undefined;
  min: number;
  max: number;
  step?: number;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  return (
    <Prop label={props.label}>
      {(id) => (
        <InputNumber
          id={id}
          size="small"
          style={{ width: '100%' }}
          value={props.value}
          min={props.min}
          max={props.max}
          step={props.step ?? 1}
          disabled={props.disabled}
          onChange={(v) => v !== null && props.onChange(Number(v))}
        />
      )}
    </Prop>
  );
}

export function TextProp(props: {
  label: string;
  value: string | undefined;
  maxLength: number;
  multiline?: boolean;
  placeholder?: string;
  onChange(value: string): void;
}) {
  return (
    <Prop label={props.label}>
      {(id) =>
        props.multiline ? (
          <Input.TextArea
            id={id}
            size="small"
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={props.value}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            onChange={(e) => props.onChange(e.target.value)}
          />
        ) : (
          <Input
            id={id}
            size="small"
            value={props.value}
            maxLength={props.maxLength}
            placeholder={props.placeholder}
            onChange={(e) => props.onChange(e.target.value)}
          />
        )
      }
    </Prop>
  );
}

export function SelectProp<V extends string | number>(props: {
  label: string;
  value: V | undefined;
  options: { value: V; label: string }[];
  allowClear?: boolean;
  onChange(value: V | undefined): void;
}) {
  return (
    <Prop label={props.label}>
      {(id) => (
        <Select<V>
          id={id}
          size="small"
          value={props.value}
          options={props.options}
          allowClear={props.allowClear}
          onChange={(v) => props.onChange(v)}
        />
      )}
    </Prop>
  );
}

export function SwitchProp(props: { label: string; value: boolean; onChange(value: boolean): void }) {
  return (
    <Prop label={props.label}>
      {(id) => <Switch id={id} size="small" checked={props.value} onChange={props.onChange} />}
    </Prop>
  );
}
