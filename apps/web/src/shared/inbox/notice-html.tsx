import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import styles from './notice-content.module.css';

/**
 * A notice's content as HTML. The server sanitised it when it was saved; it is sanitised again here
 * before it reaches the page, so content written before a rule changed, or by another client of
 * the database, still cannot run script.
 */
export function NoticeHtml({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
        ALLOWED_URI_REGEXP:
          /^(?:https?:|mailto:|tel:|data:image\/(?:png|jpe?g|gif|webp|bmp);base64,|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
      }),
    [html],
  );
  // Sanitised above with DOMPurify.
  return <div className={styles.content} dangerouslySetInnerHTML={{ __html: clean }} />;
}
