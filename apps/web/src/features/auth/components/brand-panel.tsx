import type { SysInfo } from '../../../shared/session/types';
import styles from '../login-page.module.css';

/** The tenant's title and product pitch beside the form (hidden on narrow screens). */
export function BrandPanel({ sysInfo }: { sysInfo: SysInfo | undefined }) {
  return (
    <aside className={styles.brand}>
      <img className={styles.brandArt} src="/brand-illustration.svg" width={360} height={240} alt="" />
      <div className={styles.brandTitle}>{sysInfo?.title ?? 'Lintel'}</div>
      {sysInfo?.viceTitle && <div className={styles.brandVice}>{sysInfo.viceTitle}</div>}
      {sysInfo?.viceDesc && <p className={styles.brandDesc}>{sysInfo.viceDesc}</p>}
    </aside>
  );
}
