import { Alert, Button, Checkbox, InputNumber, Segmented, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALPHABETS, randomString, uuidV4, type AlphabetPart } from './id-tools';
import { OutputBox } from './output-box';

const PARTS = Object.keys(ALPHABETS) as AlphabetPart[];

/** Random UUIDs (v4) or random strings of chosen characters (keys, passwords), several at once. */
export function IdTool() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'uuid' | 'string'>('uuid');
  const [count, setCount] = useState(5);
  const [length, setLength] = useState(24);
  const [parts, setParts] = useState<AlphabetPart[]>(['lower', 'upper', 'digits']);
  const [output, setOutput] = useState('');
  const unusable = kind === 'string' && parts.length === 0;
  const generate = () =>
    setOutput(
      Array.from({ length: count }, () => (kind === 'uuid' ? uuidV4() : randomString(length, parts))).join(
        '\n',
      ),
    );
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<'uuid' | 'string'>
          aria-label={t('demo.tools.kind')}
          value={kind}
          onChange={setKind}
          options={[
            { value: 'uuid', label: t('demo.tools.uuid') },
            { value: 'string', label: t('demo.tools.randomString') },
          ]}
        />
        <label htmlFor="tool-id-count">{t('demo.tools.count')}</label>
        <InputNumber
          id="tool-id-count"
          min={1}
          max={50}
          precision={0}
          value={count}
          onChange={(v) => setCount(v ?? 1)}
        />
        {kind === 'string' && (
          <>
            <label htmlFor="tool-id-length">{t('demo.tools.length')}</label>
            <InputNumber
              id="tool-id-length"
              min={4}
              max={128}
              precision={0}
              value={length}
              onChange={(v) => setLength(v ?? 4)}
            />
          </>
        )}
      </Space>
      {kind === 'string' && (
        <Checkbox.Group<AlphabetPart>
          aria-label={t('demo.tools.characters')}
          value={parts}
          onChange={setParts}
          options={PARTS.map((part) => ({ value: part, label: t(`demo.tools.${part}`) }))}
        />
      )}
      {unusable && <Alert role="alert" showIcon type="warning" title={t('demo.tools.noCharacters')} />}
      <Button type="primary" disabled={unusable} onClick={generate}>
        {t('demo.tools.generate')}
      </Button>
      <OutputBox id="tool-id-output" value={output} rows={Math.min(10, Math.max(3, count))} />
    </Space>
  );
}
