import { useTranslation } from 'react-i18next';
import styles from './settings-drawer.module.css';
import { chooseOptions } from './tenant-defaults';
import type { LayoutKind } from './theme-config';

/** Each layout drawn in miniature with plain boxes: bars, menus and the page area. */
function Picture({ kind }: { kind: LayoutKind }) {
  const body = <div className={styles.pBody} />;
  switch (kind) {
    case 'defaults':
      return (
        <div className={styles.picture}>
          <div className={styles.pSide} />
          <div className={styles.pCol}>
            <div className={styles.pTop} />
            {body}
          </div>
        </div>
      );
    case 'classic':
      return (
        <div className={`${styles.picture} ${styles.pCol}`}>
          <div className={styles.pTopDark} />
          <div className={styles.pRow}>
            <div className={styles.pSide} />
            {body}
          </div>
        </div>
      );
    case 'transverse':
      return (
        <div className={`${styles.picture} ${styles.pCol}`}>
          <div className={styles.pTopDark} />
          {body}
        </div>
      );
    case 'columns':
      return (
        <div className={styles.picture}>
          <div className={styles.pRail} />
          <div className={styles.pSide} />
          <div className={styles.pCol}>
            <div className={styles.pTop} />
            {body}
          </div>
        </div>
      );
  }
}

const KINDS: { kind: LayoutKind; label: string }[] = [
  { kind: 'defaults', label: 'layoutDefaults' },
  { kind: 'classic', label: 'layoutClassic' },
  { kind: 'transverse', label: 'layoutTransverse' },
  { kind: 'columns', label: 'layoutColumns' },
];

/** The four layouts as clickable pictures; the choice applies at once and is kept. */
export function LayoutPicker({ value }: { value: LayoutKind }) {
  const { t } = useTranslation();
  return (
    <div className={styles.layouts} role="group" aria-label={t('shell.sectionLayout')}>
      {KINDS.map(({ kind, label }) => (
        <button
          key={kind}
          type="button"
          className={styles.layoutOption}
          aria-pressed={value === kind}
          data-testid={`layout-${kind}`}
          onClick={() => chooseOptions({ layout: kind })}
        >
          <Picture kind={kind} />
          {t(`shell.${label}`)}
        </button>
      ))}
    </div>
  );
}
