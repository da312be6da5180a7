import { useTranslation } from 'react-i18next';
import styles from './layouts.module.css';

/** The id of the page area (shell-main.tsx's <main>), where the skip link sends the focus. */
export const MAIN_ID = 'main-content';

/**
 * WCAG 2.4.1: the first stop of the keyboard in the shell, shown only when focused, skips the rail,
 * the menus, the top bar and the tags to the page itself. A button rather than an `#anchor`: the
 * address must not change (the router and the tags read it).
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.skipLink}
      onClick={() => document.getElementById(MAIN_ID)?.focus()}
    >
      {t('a11y.skipToContent')}
    </button>
  );
}
