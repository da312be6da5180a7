import 'katex/dist/katex.min.css';
import { memo, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import rehypeKatex from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { CodeBlock } from './code-block';
import styles from './markdown.module.css';
import { rewriteMathDelimiters } from './math-delimiters';

const remarkPlugins = [remarkGfm, remarkMath];
// KaTeX shows a formula it cannot read in red instead of throwing; rehype-highlight leaves a
// fence in a language it does not know as plain text.
const rehypePlugins = [
  [rehypeKatex, { throwOnError: false, strict: 'ignore' }],
  [rehypeHighlight, { detect: false }],
] as const;

const components: Components = {
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

function MarkdownRender({ text, className }: { text: string; className?: string }) {
  const source = useMemo(() => rewriteMathDelimiters(text), [text]);
  return (
    <div className={`${styles.markdown} ${className ?? ''}`}>
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins as never}
        components={components}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}

export default memo(MarkdownRender);
