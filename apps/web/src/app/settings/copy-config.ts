import { currentThemeConfig } from './theme-config';

/**
 * Puts the user's layout configuration on the clipboard as JSON (to share it, or to make it the
 * product default in theme-config.ts). Resolves false when the browser refuses or lacks a clipboard.
 */
export async function copyThemeConfig(): Promise<boolean> {
  const text = JSON.stringify(currentThemeConfig(), null, 2);
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
