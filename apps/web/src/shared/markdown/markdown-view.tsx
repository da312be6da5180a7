import { lazy, Suspense } from 'react';
import { useAiColours } from '../ai/ai-colours';
import styles from './markdown.module.css';

/** The renderer and its weight (remark, KaTeX with its CSS and fonts, highlight.js) load on first use. */
const MarkdownRender = lazy(() => import('./markdown-render'));

export interface MarkdownViewProps {
  /** Markdown as the model wrote it; `\( \)` and `\[ \]` math is understood too. */
  text: string;
  className?: string;
}

/**
 * An AI answer as Markdown: GFM tables and lists, KaTeX math, highlighted code with a copy button.
 * Raw HTML in the text is shown as text, never run. Until the renderer's chunk arrives the plain
 * text shows, so a streaming answer is never blank.
 */
export function MarkdownView({ text, className }: MarkdownViewProps) {
  const colours = useAiColours();
  return (
    <div style={colours}>
      <Suspense
        fallback={<div className={`${styles.markdown} ${styles.plain} ${className ?? ''}`}>{text}</div>}
      >
        <MarkdownRender text={text} className={className} />
      </Suspense>
    </div>
  );
}
