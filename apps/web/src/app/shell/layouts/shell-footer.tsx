import type { SysInfo } from '../../../shared/session/types';
import styles from './layouts.module.css';

/** The national ICP record lookup, where a record number links when the tenant gave no address. */
const ICP_LOOKUP = 'https://beian.miit.gov.cn/';

/** Copyright line and ICP record link from the tenant's sysInfo; nothing when the tenant set neither. */
export function ShellFooter({ info }: { info: Pick<SysInfo, 'copyright' | 'icp' | 'icpUrl'> | undefined }) {
  if (!info?.copyright && !info?.icp) return null;
  return (
    <footer className={styles.footer} data-testid="shell-footer">
      {info.copyright && <span>{info.copyright}</span>}
      {info.icp && (
        <a href={info.icpUrl || ICP_LOOKUP} target="_blank" rel="noopener noreferrer">
          {info.icp}
        </a>
      )}
    </footer>
  );
}
