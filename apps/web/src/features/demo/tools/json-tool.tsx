import { Alert, Button, Checkbox, Input, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutputBox } from './output-box';
import { formatJson, type JsonResult } from './text-tools';

type Indent = 2 | 4 | '\t';

/** Validates JSON and writes it indented or minified; a syntax error names its line and column. */
export function JsonTool() {
  const { t } = useTranslation();
  const [input, setInput] = useState('{"name":"Lintel","tags":["admin","demo"],"active":true}');
  const [indent, setIndent] = useState<Indent>(2);
  const [sortKeys, setSortKeys] = useState(false);
  const [result, setResult] = useState<JsonResult | null>(null);
  const run = (minify: boolean) => setResult(formatJson(input, minify ? 0 : indent, sortKeys));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <label htmlFor="tool-json-input">{t('demo.tools.jsonInput')}</label>
      <Input.TextArea
        id="tool-json-input"
        rows={6}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        style={{ fontFamily: 'monospace' }}
      />
      <Space wrap>
        <span id="tool-json-indent">{t('demo.tools.indent')}</span>
        <Segmented<Indent>
          aria-labelledby="tool-json-indent"
          value={indent}
          onChange={setIndent}
          options={[
            { value: 2, label: t('demo.tools.spaces', { n: 2 }) },
            { value: 4, label: t('demo.tools.spaces', { n: 4 }) },
            { value: '\t', label: t('demo.tools.tab') },
          ]}
        />
        <Checkbox checked={sortKeys} onChange={(e) => setSortKeys(e.target.checked)}>
          {t('demo.tools.sortKeys')}
        </Checkbox>
        <Button type="primary" onClick={() => run(false)}>
          {t('demo.tools.format')}
        </Button>
        <Button onClick={() => run(true)}>{t('demo.tools.minify')}</Button>
      </Space>
      {result && (
        <Alert
          role="status"
          showIcon
          type={result.ok ? 'success' : 'error'}
          title={
            result.ok
              ? t('demo.tools.jsonValid')
              : result.line === null
                ? t('demo.tools.jsonInvalid')
                : t('demo.tools.jsonInvalidAt', { line: result.line, column: result.column })
          }
          // The engine's own words name the unexpected character; they are in the browser's language.
          description={result.ok ? undefined : result.detail}
        />
      )}
      <OutputBox id="tool-json-output" value={result?.ok ? result.text : ''} />
    </Space>
  );
}
