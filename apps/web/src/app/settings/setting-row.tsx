import { ColorPicker, InputNumber, Switch } from 'antd';
import type { ReactNode } from 'react';
import styles from './settings-drawer.module.css';
import { chooseOptions } from './tenant-defaults';
import type { ThemeConfig } from './theme-config';

type Keys<V> = { [K in keyof ThemeConfig]: ThemeConfig[K] extends V ? K : never }[keyof ThemeConfig];

/** One line of the drawer: a label at the left, its control at the right. */
export function SettingRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={styles.row} data-testid={testId}>
      <span className={styles.label}>{label}</span>
      {children}
    </div>
  );
}

interface Bound<K> {
  config: ThemeConfig;
  name: K;
  label: string;
  disabled?: boolean;
}

export function SwitchRow({ config, name, label, disabled }: Bound<Keys<boolean>>) {
  return (
    <SettingRow label={label} testId={`setting-${name}`}>
      <Switch
        size="small"
        aria-label={label}
        checked={config[name]}
        disabled={disabled}
        onChange={(on) => chooseOptions({ [name]: on })}
      />
    </SettingRow>
  );
}

export function ColorRow({
  config,
  name,
  label,
  alpha,
  onEmpty,
}: Bound<Keys<string>> & { alpha?: boolean; onEmpty?: () => void }) {
  return (
    <SettingRow label={label} testId={`setting-${name}`}>
      <ColorPicker
        size="small"
        showText
        disabledAlpha={!alpha}
        allowClear={!!onEmpty}
        value={config[name]}
        onClear={onEmpty}
        onChange={(color) => {
          // Clearing also reports a (transparent) change; the clear handler alone decides about it.
          if (color.cleared) return;
          chooseOptions({ [name]: alpha ? color.toRgbString() : color.toHexString() });
        }}
      />
    </SettingRow>
  );
}

export function NumberRow({
  config,
  name,
  label,
  min,
  max,
  disabled,
}: Bound<Keys<number>> & { min: number; max: number }) {
  return (
    <SettingRow label={label} testId={`setting-${name}`}>
      <InputNumber
        size="small"
        aria-label={label}
        min={min}
        max={max}
        disabled={disabled}
        value={config[name]}
        className={styles.number}
        // An emptied box keeps the last valid value rather than storing nothing.
        onChange={(v) => typeof v === 'number' && chooseOptions({ [name]: v })}
      />
    </SettingRow>
  );
}
