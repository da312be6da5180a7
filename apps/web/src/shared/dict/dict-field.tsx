import { Button, Checkbox, Radio, Select, Space, Tag } from 'antd';
import { TAG_COLOURS, useDict, type DictItem } from './use-dict';

/** SPEC 9: how a dictionary value is shown or picked. */
export type DictMode = 'tag' | 'select' | 'radio' | 'checkbox' | 'radio-button' | 'checkbox-button';
/** SPEC 9: a multiple-value model is an array or one comma-joined string. */
export type DictValue = string | string[] | null | undefined;

/** The chosen values of a model, whatever its shape. */
export function dictValues(value: DictValue): string[] {
  if (value === null || value === undefined || value === '') return [];
  return Array.isArray(value) ? value.map(String) : String(value).split(',').filter(Boolean);
}

/** Values back in the shape the model had (comma-joined when it was a string). */
export function toModel(values: string[], shape: 'array' | 'comma'): string[] | string {
  return shape === 'array' ? values : values.join(',');
}

/**
 * Options disabled by the current choice: picking a value of an exclusive group (e.g. "none" and the
 * real choices) disables the other values of every group it belongs to (SPEC 5).
 */
export function excludedBy(chosen: string[], exclusive: readonly (readonly string[])[]): Set<string> {
  const off = new Set<string>();
  for (const group of exclusive) {
    const picked = group.filter((v) => chosen.includes(v));
    if (picked.length === 0) continue;
    for (const v of group) if (!picked.includes(v)) off.add(v);
  }
  return off;
}

/** Items for the values, warning once per unknown value (SPEC 5: a value with no option is logged). */
function itemsFor(values: string[], items: DictItem[], code: string): DictItem[] {
  return values.map((v) => {
    const found = items.find((i) => i.value === v);
    if (!found) console.warn(`[dict] ${code}: no option for value "${v}"`);
    return found ?? { value: v, label: v, tagType: null, code: null };
  });
}

interface Props {
  /** The dictionary's code (sysDictType code). */
  code: string;
  mode: DictMode;
  value?: DictValue;
  onChange?(value: string | string[] | null): void;
  /** Several values (checkbox modes always are). */
  multiple?: boolean;
  /** Shape of a multiple model: an array, or a comma-joined string. */
  shape?: 'array' | 'comma';
  /** Groups of values that exclude each other. */
  exclusive?: readonly (readonly string[])[];
  /** Select mode: values not in the dictionary may be typed in. */
  allowCreate?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
}

/**
 * A dictionary value as a tag, or as a select, radio, checkbox or button group to pick it (SPEC 5
 * and 9): one component for every dictionary-backed field, in any of the models a form keeps.
 */
export function DictField({
  code,
  mode,
  value,
  onChange,
  multiple = mode === 'checkbox' || mode === 'checkbox-button',
  shape = Array.isArray(value) ? 'array' : 'comma',
  exclusive = [],
  allowCreate = false,
  disabled,
  placeholder,
  id,
  'aria-label': ariaLabel,
}: Props) {
  const items = useDict(code).data ?? [];
  const chosen = dictValues(value);
  const off = excludedBy(chosen, exclusive);
  const options = items.map((i) => ({ value: i.value, label: i.label, disabled: off.has(i.value) }));
  const emit = (next: string[]) => onChange?.(multiple ? toModel(next, shape) : (next[0] ?? null));

  if (mode === 'tag') {
    if (items.length === 0) return null;
    return (
      <Space size={4} wrap>
        {itemsFor(chosen, items, code).map((i) => (
          <Tag key={i.value} color={TAG_COLOURS[i.tagType ?? ''] ?? 'default'}>
            {i.label}
          </Tag>
        ))}
      </Space>
    );
  }
  if (mode === 'select') {
    // Free values are typed in as tags; a single-value model keeps only the last one.
    const tags = allowCreate;
    return (
      <Select
        id={id}
        aria-label={ariaLabel}
        disabled={disabled}
        placeholder={placeholder}
        allowClear
        showSearch
        optionFilterProp="label"
        mode={tags ? 'tags' : multiple ? 'multiple' : undefined}
        value={tags || multiple ? chosen : (chosen[0] ?? null)}
        options={options}
        onChange={(next: string | string[] | null | undefined) => {
          const values = dictValues(next ?? null);
          emit(tags && !multiple ? values.slice(-1) : values);
        }}
      />
    );
  }
  if (mode === 'checkbox') {
    return (
      <Checkbox.Group
        aria-label={ariaLabel}
        disabled={disabled}
        value={chosen}
        options={options}
        onChange={(next) => emit(next.map(String))}
      />
    );
  }
  if (mode === 'checkbox-button') {
    return (
      <Space.Compact id={id} aria-label={ariaLabel}>
        {options.map((o) => {
          const on = chosen.includes(o.value);
          return (
            <Button
              key={o.value}
              type={on ? 'primary' : 'default'}
              aria-pressed={on}
              disabled={disabled || o.disabled}
              onClick={() => emit(on ? chosen.filter((v) => v !== o.value) : [...chosen, o.value])}
            >
              {o.label}
            </Button>
          );
        })}
      </Space.Compact>
    );
  }
  return (
    <Radio.Group
      id={id}
      aria-label={ariaLabel}
      disabled={disabled}
      value={chosen[0] ?? null}
      optionType={mode === 'radio-button' ? 'button' : 'default'}
      buttonStyle="solid"
      options={options}
      onChange={(e) => emit([String(e.target.value)])}
    />
  );
}
