import type { ReactNode } from 'react';
import type { MenuTreeNode } from '../../../shared/session/types';
import type { ThemeConfig } from '../../settings/theme-config';

/**
 * What app-shell.tsx hands to every layout. The three slots are the same in all four layouts, so a
 * feature mounts once in app-shell.tsx and appears wherever the user's layout puts it.
 */
export interface ShellSlots {
  /** Right side of the top bar: language, settings gear, user menu; room for lock and fullscreen. */
  headerTools: ReactNode;
  /** The tags view row, rendered directly under the top bar when `isTagsview` is on. */
  tagsView: ReactNode;
  /** The page area (route outlet); the layout wraps it with the page animation, breadcrumb and footer. */
  content: ReactNode;
}

export interface ShellLayoutProps {
  /** The menu tree already filtered to what the user may see. */
  menus: MenuTreeNode[];
  /** The global title (config.globalTitle, else the tenant's sysInfo title). */
  title: string;
  logo: string;
  config: ThemeConfig;
  slots: ShellSlots;
  /** The copyright and ICP footer (null when the footer switch is off). */
  footer: ReactNode;
}
