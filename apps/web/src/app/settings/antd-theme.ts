import { theme as antdTheme, type ConfigProviderProps, type ThemeConfig as AntdThemeConfig } from 'antd';
import type { ThemeConfig } from './theme-config';

/**
 * antd's light palette, whose shades the tags below pick from. A tag writes its text in shade 7 of
 * its colour on shade 1; for these colours shade 7 reads under 4.5:1 (WCAG AA), so their tags take
 * the first darker shade that reads at least that (measured by the accessibility e2e test).
 */
const PALETTE = antdTheme.getDesignToken() as unknown as Record<string, string>;
const TAG_TEXT_SHADE: Record<string, number> = {
  volcano: 8,
  orange: 8,
  gold: 9,
  yellow: 9,
  lime: 9,
  green: 8,
  cyan: 8,
};

/** Tags on light backgrounds: readable text for the preset colours and the four statuses. */
const LIGHT_TAG_TOKENS = {
  ...Object.fromEntries(
    Object.entries(TAG_TEXT_SHADE).map(([colour, shade]) => [`${colour}7`, PALETTE[`${colour}${shade}`]]),
  ),
  colorSuccess: PALETTE.green8,
  colorWarning: PALETTE.gold9,
  colorError: PALETTE.red7,
};

/** Danger buttons on light backgrounds: text and outline in red 7 (5.6:1 on white), darker when pressed. */
const LIGHT_DANGER_BUTTON = {
  colorError: PALETTE.red7,
  colorErrorHover: PALETTE.red6,
  colorErrorActive: PALETTE.red8,
  colorErrorBorderHover: PALETTE.red6,
};

/**
 * The antd theme of the config: primary colour and, in dark mode, antd's dark algorithm. Secondary
 * text, links and tags are set to read at least 4.5:1 (WCAG AA) on their backgrounds: antd's own
 * secondary grey (45 % black) reads 3.4:1 on white and its default link blue 4.1:1.
 */
export function antdThemeOf(config: Pick<ThemeConfig, 'primary' | 'isDark'>): AntdThemeConfig {
  // Descriptions, hints, empty states, secondary text: 60 % black (5.7:1 on white).
  const tertiary = config.isDark ? 'rgba(255, 255, 255, 0.55)' : 'rgba(0, 0, 0, 0.6)';
  return {
    algorithm: config.isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: config.primary,
      // Links and "info" (processing tags, info alerts) in the primary colour, not antd's #1677ff.
      colorLink: config.primary,
      colorInfo: config.primary,
      colorTextTertiary: tertiary,
      // Placeholders are read before anything is typed: 55 % black (4.7:1), not antd's 25 % (1.8:1).
      colorTextPlaceholder: config.isDark ? 'rgba(255, 255, 255, 0.5)' : 'rgba(0, 0, 0, 0.55)',
    },
    components: {
      // The calendar greys the days of the months around the shown one as if disabled (1.8:1); they
      // can be picked, so they read as secondary text. Our calendars disable no day.
      Calendar: { colorTextDisabled: tertiary },
      // An empty table says so in antd's disabled grey (1.8:1); it is a message to read.
      Table: { colorTextDisabled: tertiary },
      // antd's red (#ff4d4f) reads 3.3:1 on white: danger buttons (delete, clear) take shade 7.
      ...(config.isDark ? {} : { Tag: LIGHT_TAG_TOKENS, Button: LIGHT_DANGER_BUTTON }),
    },
  };
}

/** SPEC's component sizes map onto antd's ConfigProvider size ('default' is antd's 'middle'). */
export function componentSizeOf(size: ThemeConfig['componentSize']): ConfigProviderProps['componentSize'] {
  return size === 'default' ? 'middle' : size;
}
