import { Alert, Button, Checkbox, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutputBox } from './output-box';
import { decodeBase64, encodeBase64 } from './text-tools';

/** Base64 of any text (UTF-8), both alphabets; decoding refuses what is not Base64 or not text. */
export function Base64Tool() {
  const { t } = useTranslation();
  const [input, setInput] = useState('Lintel: 你好, Grüße');
  const [urlSafe, setUrlSafe] = useState(false);
  const [output, setOutput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const encode = () => {
    setError(null);
    setOutput(encodeBase64(input, urlSafe));
  };
  const decode = () => {
    const result = decodeBase64(input);
    setOutput(result.ok ? result.text : '');
    setError(result.ok ? null : t(result.reason === 'utf8' ? 'demo.tools.badUtf8' : 'demo.tools.badBase64'));
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <label htmlFor="tool-base64-input">{t('demo.tools.base64Input')}</label>
      <Input.TextArea
        id="tool-base64-input"
        rows={5}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        style={{ fontFamily: 'monospace' }}
      />
      <Space wrap>
        <Checkbox checked={urlSafe} onChange={(e) => setUrlSafe(e.target.checked)}>
          {t('demo.tools.urlSafe')}
        </Checkbox>
        <Button type="primary" onClick={encode}>
          {t('demo.tools.encode')}
        </Button>
        <Button onClick={decode}>{t('demo.tools.decode')}</Button>
      </Space>
      {error && <Alert role="alert" showIcon type="error" title={error} />}
      <OutputBox id="tool-base64-output" value={output} rows={5} />
    </Space>
  );
}
