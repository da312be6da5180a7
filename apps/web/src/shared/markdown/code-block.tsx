import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { isValidElement, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithToast } from './copy-text';
import styles from './markdown.module.css';

/** The fenced block's language, from the `language-xxx` class remark gives its code element. */
function languageOf(children: ReactNode): string | null {
  if (!isValidElement<{ className?: string }>(children)) return null;
  const match = /language-([\w+-]+)/.exec(children.props.className ?? '');
  return match ? match[1]! : null;
}

/** A fenced code block with its language and a copy button (the text as written, not the colours). */
export function CodeBlock({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const pre = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);

  const copy = async () => {
    const outcome = await copyWithToast(pre.current?.textContent ?? '');
    if (outcome !== 'copied') return;
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };

  return (
    <div className={styles.codeBlock}>
      <div className={styles.codeBar}>
        <span>{language ?? ''}</span>
        <button type="button" className={styles.copyButton} onClick={() => void copy()}>
          {copied ? <CheckOutlined /> : <CopyOutlined />} {t('ai.copyCode')}
        </button>
      </div>
      <pre ref={pre}>{children}</pre>
    </div>
  );
}
