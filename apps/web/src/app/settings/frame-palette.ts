import { barBackground, isDarkColor } from './color';
import type { ThemeConfig } from './theme-config';

/** The frame's colours in force: the configured bar colours, or a dark set in dark mode. */
export interface FramePalette {
  primary: string;
  topBar: string;
  topBarBackground: string;
  topBarColor: string;
  menuBar: string;
  menuBarBackground: string;
  menuBarColor: string;
  menuBarActiveColor: string;
  columnsBackground: string;
  columnsColor: string;
  pageBackground: string;
  text: string;
  muted: string;
  border: string;
}

/** Dark mode repaints the bars too: a light top bar on a dark page would glare. */
const DARK = {
  bar: '#141414',
  barText: '#dadada',
  columns: '#1d1d1d',
  page: '#0a0a0a',
  border: '#303030',
};

export function framePalette(c: ThemeConfig): FramePalette {
  if (c.isDark) {
    return {
      primary: c.primary,
      topBar: DARK.bar,
      topBarBackground: DARK.bar,
      topBarColor: DARK.barText,
      menuBar: DARK.bar,
      menuBarBackground: DARK.bar,
      menuBarColor: DARK.barText,
      menuBarActiveColor: 'rgba(255, 255, 255, 0.08)',
      columnsBackground: DARK.columns,
      columnsColor: DARK.barText,
      pageBackground: DARK.page,
      text: 'rgba(255, 255, 255, 0.85)',
      muted: 'rgba(255, 255, 255, 0.55)',
      border: DARK.border,
    };
  }
  return {
    primary: c.primary,
    topBar: c.topBar,
    topBarBackground: barBackground(c.topBar, c.isTopBarColorGradual),
    topBarColor: c.topBarColor,
    menuBar: c.menuBar,
    menuBarBackground: barBackground(c.menuBar, c.isMenuBarColorGradual, 'to bottom'),
    menuBarColor: c.menuBarColor,
    menuBarActiveColor: c.menuBarActiveColor,
    columnsBackground: barBackground(c.columnsMenuBar, c.isColumnsMenuBarColorGradual, 'to bottom'),
    columnsColor: c.columnsMenuBarColor,
    pageBackground: '#f5f7fa',
    text: 'rgba(0, 0, 0, 0.88)',
    // At least 4.5:1 (WCAG AA) on the page grey: the footer's small print.
    muted: 'rgba(0, 0, 0, 0.6)',
    border: '#f0f0f0',
  };
}

/** antd Menu tokens for a menu on the side bar or on the top bar. */
export function menuTokens(p: FramePalette, where: 'side' | 'top') {
  const bar = where === 'side' ? p.menuBar : p.topBar;
  const text = where === 'side' ? p.menuBarColor : p.topBarColor;
  const onDark = isDarkColor(bar);
  return {
    itemBg: 'transparent',
    subMenuItemBg: 'transparent',
    popupBg: onDark ? bar : undefined,
    itemColor: text,
    itemHoverColor: onDark ? '#ffffff' : p.primary,
    itemHoverBg: onDark ? 'rgba(255, 255, 255, 0.08)' : 'rgba(0, 0, 0, 0.04)',
    itemSelectedColor: onDark ? '#ffffff' : p.primary,
    // The title of the group holding the current page: primary on light bars, white on dark ones.
    subMenuItemSelectedColor: onDark ? '#ffffff' : p.primary,
    itemSelectedBg: onDark && where === 'side' ? p.primary : p.menuBarActiveColor,
    itemActiveBg: p.menuBarActiveColor,
    groupTitleColor: text,
    horizontalItemSelectedColor: onDark ? '#ffffff' : p.primary,
    horizontalItemHoverColor: onDark ? '#ffffff' : p.primary,
    horizontalItemSelectedBg: 'transparent',
  };
}
