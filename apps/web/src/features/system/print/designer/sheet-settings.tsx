import type { PrintPaper } from '@lintel/contracts';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { withPaper, type Draft } from './designer-model';
import { NumberProp, Prop, SelectProp, TextProp } from './property-fields';

/** Paper, orientation, margins, order, status and remark of the template. */
export function SheetSettings({ draft, onChange }: { draft: Draft; onChange(draft: Draft): void }) {
  const { t } = useTranslation();
  const papers: PrintPaper[] = ['A4', 'A5', 'receipt80', 'custom'];
  const margin = (key: 'marginTop' | 'marginRight' | 'marginBottom' | 'marginLeft') => (
    <NumberProp
      key={key}
      label={t(`print.sheet.${key}`)}
      value={draft[key]}
      min={0}
      max={100}
      onChange={(v) => onChange({ ...draft, [key]: v })}
    />
  );
  return (
    <div>
      <SelectProp
        label={t('print.sheet.paper')}
        value={draft.paper}
        options={papers.map((p) => ({ value: p, label: t(`print.paper.${p}`) }))}
        onChange={(paper) => paper && onChange(withPaper(draft, paper))}
      />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 8 }}>
        <NumberProp
          label={t('print.sheet.width')}
          value={draft.width}
          min={20}
          max={1200}
          disabled={draft.paper !== 'custom'}
          onChange={(width) => onChange({ ...draft, width })}
        />
        <NumberProp
          label={t('print.sheet.height')}
          value={draft.height}
          min={20}
          max={3000}
          disabled={draft.paper === 'A4' || draft.paper === 'A5'}
          onChange={(height) => onChange({ ...draft, height })}
        />
      </div>
      <Prop label={t('print.sheet.orientation')}>
        {() => (
          <Segmented
            aria-label={t('print.sheet.orientation')}
            size="small"
            value={draft.orientation}
            options={[
              { value: 'portrait', label: t('print.sheet.portrait') },
              { value: 'landscape', label: t('print.sheet.landscape') },
            ]}
            onChange={(orientation) =>
              onChange({ ...draft, orientation: orientation as Draft['orientation'] })
            }
          />
        )}
      </Prop>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 8 }}>
        {margin('marginTop')}
        {margin('marginBottom')}
        {margin('marginLeft')}
        {margin('marginRight')}
      </div>
      <NumberProp
        label={t('print.sheet.orderNo')}
        value={draft.orderNo ?? 100}
        min={0}
        max={999999}
        onChange={(orderNo) => onChange({ ...draft, orderNo })}
      />
      <SelectProp
        label={t('print.sheet.status')}
        value={draft.status ?? 1}
        options={[
          { value: 1, label: t('print.enabled') },
          { value: 2, label: t('print.disabled') },
        ]}
        onChange={(status) => onChange({ ...draft, status: status === 2 ? 2 : 1 })}
      />
      <TextProp
        label={t('print.sheet.remark')}
        value={draft.remark ?? ''}
        maxLength={256}
        multiline
        onChange={(remark) => onChange({ ...draft, remark: remark || null })}
      />
    </div>
  );
}
