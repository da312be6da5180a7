import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { PageAnimation } from '../../settings/theme-config';
import styles from './layouts.module.css';
import { PageHeading } from './page-heading';
import { MAIN_ID } from './skip-link';
import motion from './page-animations.module.css';

const ANIMATION_CLASS: Record<PageAnimation, string> = {
  fadeDown: motion.fadeDown!,
  'slide-right': motion.slideRight!,
  'slide-left': motion.slideLeft!,
  opacitys: motion.opacitys!,
};

interface Props {
  tagsView: ReactNode;
  content: ReactNode;
  footer: ReactNode;
  animation: PageAnimation;
}

/**
 * The area under the top bar: tags view, the page, the footer. The page animation is replayed on each
 * route change by toggling a class, never by re-keying the subtree, so kept-alive pages keep their state.
 */
export function ShellMain({ tagsView, content, footer, animation }: Props) {
  const { pathname } = useLocation();
  const page = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = page.current;
    if (!el) return;
    const cls = ANIMATION_CLASS[animation];
    el.classList.remove(...Object.values(ANIMATION_CLASS));
    void el.offsetWidth; // restart the CSS animation
    el.classList.add(cls);
  }, [pathname, animation]);

  return (
    <div className={styles.main}>
      {/* SLOT tagsView (from app-shell.tsx): the tags row sits right under the top bar. */}
      {tagsView}
      {/* Focusable by the skip link only (tabIndex -1); the next Tab goes on into the page. */}
      <main id={MAIN_ID} tabIndex={-1} className={styles.content}>
        <PageHeading />
        {/* SLOT content (from app-shell.tsx): the route outlet, animated on route change. */}
        <div ref={page} className={styles.page} data-testid="shell-page" data-animation={animation}>
          {content}
        </div>
      </main>
      {footer}
    </div>
  );
}
