import type { MenuTreeNode } from '../../../shared/session/types';
import type { ThemeConfig } from '../../settings/theme-config';
import { MenuIcon } from '../../../shared/ui/menu-icons';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import styles from './layouts.module.css';
import { keyOf } from './menu-tree';
import { RailLabel } from './rail-label';

interface Props {
  menus: MenuTreeNode[];
  title: string;
  /** Null when the logo switch is off. */
  logo: string | null;
  config: ThemeConfig;
  activeKey: string | null;
  previewKey: string | null;
  onPick(node: MenuTreeNode): void;
  /** Set only with hover preload on. */
  onHover?: (node: MenuTreeNode) => void;
}

/** The columns layout's rail: first-level menus as icon + short title tiles, sized from the config. */
export function ColumnsRail({ menus, title, logo, config, activeKey, previewKey, onPick, onHover }: Props) {
  const name = useRouteTitle();
  const card = config.columnsAsideStyle === 'columns-card';
  const horizontal = config.columnsAsideLayout === 'columns-horizontal';
  return (
    <div
      className={`${styles.rail} ${card ? styles.railCard : styles.railRound}`}
      style={{ width: config.columnsMenuWidth }}
      data-testid="columns-rail"
    >
      {logo && (
        <div className={styles.railLogo} style={{ height: config.columnsLogoHeight }} title={title}>
          <img src={logo} alt="" width={28} height={28} />
        </div>
      )}
      <ul className={styles.railList}>
        {menus.map((node) => {
          const key = keyOf(node);
          const active = key === activeKey;
          const label = name(node);
          return (
            <li key={key}>
              <button
                type="button"
                title={label}
                aria-current={active ? 'page' : undefined}
                className={[
                  styles.railItem,
                  horizontal ? styles.railItemHorizontal : '',
                  active ? styles.railItemActive : '',
                  previewKey === key ? styles.railItemPreview : '',
                ].join(' ')}
                style={{ minHeight: config.columnsMenuHeight }}
                onClick={() => onPick(node)}
                onMouseEnter={onHover ? () => onHover(node) : undefined}
              >
                <MenuIcon name={node.meta.icon} />
                <RailLabel text={label} fit={`${config.columnsMenuWidth} ${config.columnsAsideLayout}`} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
