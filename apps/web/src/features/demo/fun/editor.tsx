import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../shared/rich-text/rich-text-editor';
import { DemoCard } from '../demo-card';

/** The notices' rich-text editor (tiptap), with the HTML it writes. */
export default function EditorDemo() {
  const { t } = useTranslation();
  const [html, setHtml] = useState(() => `<h2>Lintel</h2><p>${t('demo.editor.sample')}</p>`);
  return (
    <DemoCard title="routes.demoEditor" intro="demo.editor.intro">
      <RichTextEditor value={html} onChange={setHtml} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('demo.editor.html')}
      </Typography.Title>
      {/* Shown as text: the HTML source, never injected. */}
      <pre data-testid="editor-html" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {html}
      </pre>
    </DemoCard>
  );
}
