import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { TAG_COLOURS } from '../../../shared/dict/use-dict';

/**
 * An item's inline style (`styleSetting`, CSS declarations such as `color: #fff; background: #f50`)
 * as a React style. Only plain declarations pass: no url() (no requests to other sites from a label)
 * and no custom properties.
 */
export function parseStyle(text: string | null | undefined): CSSProperties {
  const style: Record<string, string> = {};
  for (const declaration of (text ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (!/^[a-z][a-z-]*$/.test(property) || !value || /url\s*\(|expression\s*\(|[<>{}]/i.test(value))
      continue;
    style[property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return style as CSSProperties;
}

/** Class names from `classSetting`: words only. */
export const parseClasses = (text: string | null | undefined) =>
  (text ?? '')
    .split(/\s+/)
    .filter((name) => /^[A-Za-z_-][A-Za-z0-9_-]*$/.test(name))
    .join(' ');

interface Props {
  label: string;
  tagType?: string | null;
  styleSetting?: string | null;
  classSetting?: string | null;
}

/** A dictionary item as lists show it: its label in a tag of its type, style and classes. */
export function DictTag({ label, tagType, styleSetting, classSetting }: Props) {
  return (
    <Tag
      color={tagType ? TAG_COLOURS[tagType] : undefined}
      style={parseStyle(styleSetting)}
      className={parseClasses(classSetting) || undefined}
      data-testid="dict-tag"
    >
      {label}
    </Tag>
  );
}
