import { useEffect, useMemo, type CSSProperties } from 'react';
import { isDarkColor } from './color';
import { framePalette } from './frame-palette';
import type { ThemeConfig } from './theme-config';

/**
 * Applies the page-wide modes to the document and returns the frame's CSS variables.
 * Grey and weak-colour (invert) modes filter the whole page, as the reference products do; dark mode
 * marks <html> so that plain CSS outside antd (scrollbars, form controls) follows.
 */
export function useFrameStyle(config: ThemeConfig): CSSProperties {
  const { isGrayscale, isInvert, isDark } = config;
  useEffect(() => {
    const root = document.documentElement;
    const filters = [isGrayscale && 'grayscale(1)', isInvert && 'invert(80%)'].filter(Boolean);
    root.style.filter = filters.join(' ');
    root.dataset.theme = isDark ? 'dark' : 'light';
    root.style.colorScheme = isDark ? 'dark' : 'light';
    return () => {
      root.style.filter = '';
      delete root.dataset.theme;
      root.style.colorScheme = '';
    };
  }, [isGrayscale, isInvert, isDark]);

  return useMemo(() => {
    const p = framePalette(config);
    return {
      '--shell-primary': p.primary,
      '--shell-topbar-bg': p.topBarBackground,
      '--shell-topbar-color': p.topBarColor,
      '--shell-menu-bg': p.menuBarBackground,
      '--shell-menu-color': p.menuBarColor,
      '--shell-logo-color': isDarkColor(p.menuBar) ? '#ffffff' : '#1f2937',
      '--shell-columns-bg': p.columnsBackground,
      '--shell-columns-color': p.columnsColor,
      '--shell-page-bg': p.pageBackground,
      // Plain panels inside the frame (the tags row): white, or near-black in dark mode.
      '--shell-surface': config.isDark ? '#141414' : '#ffffff',
      '--shell-text': p.text,
      '--shell-muted': p.muted,
      '--shell-border': p.border,
      '--shell-header-offset': config.isFixedHeader ? '56px' : '0px',
    } as CSSProperties;
  }, [config]);
}
