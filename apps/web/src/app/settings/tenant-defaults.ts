import { create } from 'zustand';
import { local } from '../../shared/storage';
import {
  DEFAULT_THEME_CONFIG,
  THEME_CONFIG_KEY,
  useThemeConfig,
  type LayoutKind,
  type PageAnimation,
  type ThemeConfig,
} from './theme-config';

/** The options a tenant may preset for its users (sysInfo themeColor, layout, animation). */
export type TenantThemeKey = 'primary' | 'layout' | 'animation';
const TENANT_KEYS: readonly TenantThemeKey[] = ['primary', 'layout', 'animation'];

/** Which of those options the user picked themselves; stored beside the config, under its own key. */
export const CHOSEN_KEY = 'themeConfigChosen';

export interface TenantTheme {
  themeColor?: string | null;
  layout?: string | null;
  animation?: string | null;
}

const LAYOUTS: readonly LayoutKind[] = ['defaults', 'classic', 'transverse', 'columns'];
const ANIMATIONS: readonly PageAnimation[] = ['slide-right', 'slide-left', 'opacitys', 'fadeDown'];
const isColor = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);

/** The tenant's presets, once sysInfo has arrived (the shell puts them here). */
export const useTenantTheme = create<{ tenant: TenantTheme | null }>(() => ({ tenant: null }));

export const setTenantTheme = (tenant: TenantTheme | null) => useTenantTheme.setState({ tenant });

/**
 * The user's own picks among the tenant-presettable options. They are void once the config itself is
 * gone from storage: a reset (drawer or upgrade prompt) removes it and so hands control back to the tenant.
 */
function chosen(): TenantThemeKey[] {
  if (local.get(THEME_CONFIG_KEY) === null) return [];
  const list = local.get<unknown>(CHOSEN_KEY);
  return Array.isArray(list) ? list.filter((k): k is TenantThemeKey => TENANT_KEYS.includes(k)) : [];
}

/** Applies a change made by the user and remembers which tenant-presettable options they decided. */
export function chooseOptions(patch: Partial<ThemeConfig>): void {
  const picked = TENANT_KEYS.filter((k) => k in patch);
  const before = chosen();
  useThemeConfig.getState().set(patch);
  if (picked.length) local.set(CHOSEN_KEY, [...new Set([...before, ...picked])]);
}

/** The config with the tenant's presets filling every presettable option the user has not chosen. */
export function withTenantDefaults(
  config: ThemeConfig,
  tenant: TenantTheme | null,
  picked: readonly TenantThemeKey[],
): ThemeConfig {
  if (!tenant) return config;
  const out = { ...config };
  if (!picked.includes('primary') && isColor(tenant.themeColor)) out.primary = tenant.themeColor;
  if (!picked.includes('layout') && LAYOUTS.includes(tenant.layout as LayoutKind))
    out.layout = tenant.layout as LayoutKind;
  if (!picked.includes('animation') && ANIMATIONS.includes(tenant.animation as PageAnimation))
    out.animation = tenant.animation as PageAnimation;
  return out;
}

/** The config in force: the user's settings, with the tenant's presets where the user chose nothing. */
export function useEffectiveThemeConfig(): ThemeConfig {
  // Subscribing to the whole store re-renders on every change, which is what the frame wants.
  const state = useThemeConfig();
  const tenant = useTenantTheme((s) => s.tenant);
  const { set: _set, reset: _reset, ...config } = state;
  return withTenantDefaults(config, tenant, chosen());
}

export { DEFAULT_THEME_CONFIG };
