import styles from './layouts.module.css';

interface Props {
  title: string;
  logo: string;
  /** Only the picture (collapsed side menu, columns rail). */
  iconOnly?: boolean;
  height?: number;
}

/** The product mark at the top of the menu: tenant logo and global title. */
export function ShellLogo({ title, logo, iconOnly, height }: Props) {
  return (
    <div className={styles.logo} style={height ? { height } : undefined} data-testid="shell-logo">
      <img src={logo} alt="" width={28} height={28} />
      {!iconOnly && <span className={styles.logoText}>{title}</span>}
    </div>
  );
}
