import { CopyOutlined, SnippetsOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard } from '../demo-card';
import { copyText, pasteText } from './clipboard-access';

type Outcome = { kind: 'success' | 'info' | 'error'; text: string } | null;

/** Copy a text to the clipboard and paste the clipboard back, with the fallbacks browsers need. */
export default function ClipboardDemo() {
  const { t } = useTranslation();
  const [source, setSource] = useState('Lintel');
  const [pasted, setPasted] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);

  const copy = async () => {
    try {
      const how = await copyText(source);
      setOutcome({
        kind: 'success',
        text: t(how === 'clipboard' ? 'demo.clipboard.copied' : 'demo.clipboard.copiedFallback'),
      });
    } catch {
      setOutcome({ kind: 'error', text: t('demo.clipboard.copyFailed') });
    }
  };
  const paste = async () => {
    const text = await pasteText();
    if (text === null) setOutcome({ kind: 'info', text: t('demo.clipboard.pasteByKey') });
    else {
      setPasted(text);
      setOutcome({ kind: 'success', text: t('demo.clipboard.pasted') });
    }
  };

  return (
    <DemoCard title="routes.demoClipboard" intro="demo.clipboard.intro">
      <Space orientation="vertical" style={{ width: '100%', maxWidth: 560 }}>
        <label htmlFor="demo-copy-source">{t('demo.clipboard.source')}</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input id="demo-copy-source" value={source} onChange={(e) => setSource(e.target.value)} />
          <Button type="primary" icon={<CopyOutlined />} disabled={!source} onClick={() => void copy()}>
            {t('demo.clipboard.copy')}
          </Button>
        </Space.Compact>
        <label htmlFor="demo-paste-target">{t('demo.clipboard.target')}</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input id="demo-paste-target" value={pasted} onChange={(e) => setPasted(e.target.value)} />
          <Button icon={<SnippetsOutlined />} onClick={() => void paste()}>
            {t('demo.clipboard.paste')}
          </Button>
        </Space.Compact>
        {outcome && <Alert type={outcome.kind} showIcon title={outcome.text} role="status" />}
      </Space>
    </DemoCard>
  );
}
