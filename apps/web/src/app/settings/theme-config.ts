import { create } from 'zustand';
import { local } from '../../shared/storage';

/** The four shell arrangements of SPEC 2 "Main layout". */
export type LayoutKind = 'defaults' | 'classic' | 'transverse' | 'columns';
export type TagsStyle = 'tags-style-one' | 'tags-style-four' | 'tags-style-five';
export type PageAnimation = 'slide-right' | 'slide-left' | 'opacitys' | 'fadeDown';
export type ColumnsAsideStyle = 'columns-round' | 'columns-card';
export type ColumnsAsideLayout = 'columns-horizontal' | 'columns-vertical';
export type ComponentSize = 'large' | 'default' | 'small';

/**
 * Every option of SPEC 3 "Layout and theme settings". The configuration drawer edits these; the shell,
 * tags view, lock screen and watermark read them. Persisted per device under `lintel:themeConfig`.
 */
export interface ThemeConfig {
  primary: string;
  topBar: string;
  topBarColor: string;
  isTopBarColorGradual: boolean;
  menuBar: string;
  menuBarColor: string;
  menuBarActiveColor: string;
  isMenuBarColorGradual: boolean;
  columnsMenuBar: string;
  columnsMenuBarColor: string;
  isColumnsMenuBarColorGradual: boolean;
  isColumnsMenuHoverPreload: boolean;
  columnsLogoHeight: number;
  columnsMenuWidth: number;
  columnsMenuHeight: number;
  /** Side menu collapsed (the horizontal menu of `transverse` collapses into "more"). */
  isCollapse: boolean;
  /** Accordion: only one submenu open at a time. */
  isUniqueOpened: boolean;
  isFixedHeader: boolean;
  isClassicSplitMenu: boolean;
  isLockScreen: boolean;
  /** Seconds of inactivity before the screen locks when `isLockScreen` is on. */
  lockScreenTime: number;
  isShowLogo: boolean;
  isBreadcrumb: boolean;
  isBreadcrumbIcon: boolean;
  isTagsview: boolean;
  isTagsviewIcon: boolean;
  isCacheTagsView: boolean;
  isSortableTagsView: boolean;
  isShareTagsView: boolean;
  isFooter: boolean;
  isGrayscale: boolean;
  isInvert: boolean;
  isDark: boolean;
  isWatermark: boolean;
  watermarkText: string;
  tagsStyle: TagsStyle;
  animation: PageAnimation;
  columnsAsideStyle: ColumnsAsideStyle;
  columnsAsideLayout: ColumnsAsideLayout;
  layout: LayoutKind;
  /** Empty means: use the tenant's title from sysInfo. */
  globalTitle: string;
  isI18n: boolean;
  componentSize: ComponentSize;
}

/** SPEC 9 "Default theme", plus the neutral colours of the reference's defaults. */
export const DEFAULT_THEME_CONFIG: ThemeConfig = {
  primary: '#0f59a4',
  topBar: '#ffffff',
  topBarColor: '#606266',
  isTopBarColorGradual: false,
  menuBar: '#ffffff',
  menuBarColor: '#505968',
  menuBarActiveColor: 'rgba(15, 89, 164, 0.12)',
  isMenuBarColorGradual: false,
  columnsMenuBar: '#545c64',
  columnsMenuBarColor: '#e6e6e6',
  isColumnsMenuBarColorGradual: false,
  isColumnsMenuHoverPreload: false,
  columnsLogoHeight: 50,
  columnsMenuWidth: 70,
  columnsMenuHeight: 50,
  isCollapse: false,
  isUniqueOpened: true,
  isFixedHeader: true,
  isClassicSplitMenu: false,
  isLockScreen: false,
  lockScreenTime: 300,
  isShowLogo: true,
  isBreadcrumb: true,
  isBreadcrumbIcon: true,
  isTagsview: true,
  isTagsviewIcon: true,
  isCacheTagsView: true,
  isSortableTagsView: true,
  isShareTagsView: false,
  isFooter: true,
  isGrayscale: false,
  isInvert: false,
  isDark: false,
  isWatermark: false,
  watermarkText: '',
  tagsStyle: 'tags-style-one',
  animation: 'fadeDown',
  columnsAsideStyle: 'columns-round',
  columnsAsideLayout: 'columns-vertical',
  layout: 'columns',
  globalTitle: '',
  isI18n: true,
  componentSize: 'small',
};

export const THEME_CONFIG_KEY = 'themeConfig';

/** A stored config merged over the defaults, so options added in a later version get their default. */
function stored(): ThemeConfig {
  const saved = local.get<Partial<ThemeConfig>>(THEME_CONFIG_KEY);
  if (!saved || typeof saved !== 'object') return { ...DEFAULT_THEME_CONFIG };
  const known = Object.fromEntries(
    Object.entries(saved).filter(
      ([key, value]) =>
        key in DEFAULT_THEME_CONFIG && typeof value === typeof DEFAULT_THEME_CONFIG[key as keyof ThemeConfig],
    ),
  );
  return { ...DEFAULT_THEME_CONFIG, ...known };
}

interface ThemeConfigState extends ThemeConfig {
  /** Changes some options and persists the whole config. */
  set(patch: Partial<ThemeConfig>): void;
  /** Back to the defaults (the upgrade prompt and the drawer's reset use this). */
  reset(): void;
}

export const useThemeConfig = create<ThemeConfigState>((setState, get) => ({
  ...stored(),
  set(patch) {
    setState(patch);
    const { set: _set, reset: _reset, ...config } = get();
    local.set(THEME_CONFIG_KEY, config);
  },
  reset() {
    local.remove(THEME_CONFIG_KEY);
    setState({ ...DEFAULT_THEME_CONFIG });
  },
}));

/** The plain config, without the store's functions (for copying and comparing). */
export function currentThemeConfig(): ThemeConfig {
  const { set: _set, reset: _reset, ...config } = useThemeConfig.getState();
  return config;
}
