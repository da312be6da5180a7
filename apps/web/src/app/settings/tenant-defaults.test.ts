import { afterEach, describe, expect, it } from 'vitest';
import { local } from '../../shared/storage';
import { barBackground, isDarkColor, lighten } from './color';
import { CHOSEN_KEY, chooseOptions, withTenantDefaults } from './tenant-defaults';
import { DEFAULT_THEME_CONFIG, THEME_CONFIG_KEY, useThemeConfig } from './theme-config';

const tenant = { themeColor: '#aa3300', layout: 'classic', animation: 'slide-left' };

afterEach(() => useThemeConfig.getState().reset());

describe('tenant presets', () => {
  it('fill the presettable options the user has not chosen', () => {
    const out = withTenantDefaults(DEFAULT_THEME_CONFIG, tenant, []);
    expect(out).toMatchObject({ primary: '#aa3300', layout: 'classic', animation: 'slide-left' });
  });

  it('yield to the user’s own choice, even when it equals the product default', () => {
    const out = withTenantDefaults(DEFAULT_THEME_CONFIG, tenant, ['layout']);
    expect(out.layout).toBe(DEFAULT_THEME_CONFIG.layout);
    expect(out.primary).toBe('#aa3300');
  });

  it('ignore values that are not a known layout, animation or #rrggbb colour', () => {
    const out = withTenantDefaults(
      DEFAULT_THEME_CONFIG,
      { themeColor: 'red', layout: 'grid', animation: '' },
      [],
    );
    expect(out).toEqual(DEFAULT_THEME_CONFIG);
  });

  it('records the choice with the config, and a reset forgets it', () => {
    chooseOptions({ layout: 'columns', isDark: true });
    expect(local.get(CHOSEN_KEY)).toEqual(['layout']);
    expect(local.get(THEME_CONFIG_KEY)).toMatchObject({ layout: 'columns', isDark: true });
    useThemeConfig.getState().reset();
    expect(local.get(THEME_CONFIG_KEY)).toBeNull();
    // The stale list is void once the config is gone; the next choice starts a new one.
    chooseOptions({ animation: 'opacitys' });
    expect(local.get(CHOSEN_KEY)).toEqual(['animation']);
  });
});

describe('bar colours', () => {
  it('lightens towards white and builds a gradient only when asked', () => {
    expect(lighten('#000000', 0.5)).toBe('#808080');
    expect(barBackground('#0f59a4', false)).toBe('#0f59a4');
    expect(barBackground('#0f59a4', true)).toBe('linear-gradient(to right, #0f59a4, #87acd2)');
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
  });
});
