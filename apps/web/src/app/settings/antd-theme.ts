import { theme as antdTheme, type ConfigProviderProps, type ThemeConfig as AntdThemeConfig } from 'antd';
import type { ThemeConfig } from './theme-config';

/** The antd theme of the config: primary colour and, in dark mode, antd's dark algorithm. */
export function antdThemeOf(config: Pick<ThemeConfig, 'primary' | 'isDark'>): AntdThemeConfig {
  return {
    algorithm: config.isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: config.primary },
  };
}

/** SPEC's component sizes map onto antd's ConfigProvider size ('default' is antd's 'middle'). */
export function componentSizeOf(size: ThemeConfig['componentSize']): ConfigProviderProps['componentSize'] {
  return size === 'default' ? 'middle' : size;
}
