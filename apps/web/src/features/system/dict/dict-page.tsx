import type { DictTypeRow } from '@lintel/contracts';
import { Card, Col, Row, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConstPanel } from './const-panel';
import { DictDataPanel } from './dict-data-panel';
import { DictTypePanel } from './dict-type-panel';

/**
 * System → dictionaries (`/system/dict/index`): dictionary types on the left, the chosen type's items
 * on the right; a second tab shows the product's constants (read-only: they are the wire's enums).
 */
export default function DictPage() {
  const { t } = useTranslation();
  const [type, setType] = useState<DictTypeRow | null>(null);
  return (
    <Card size="small">
      <Tabs
        items={[
          {
            key: 'dict',
            label: t('dict.dictionaries'),
            children: (
              <Row gutter={12}>
                <Col xs={24} lg={8} xl={7}>
                  <DictTypePanel selected={type} onSelect={setType} />
                </Col>
                <Col xs={24} lg={16} xl={17}>
                  <DictDataPanel type={type} />
                </Col>
              </Row>
            ),
          },
          { key: 'const', label: t('dict.constants'), children: <ConstPanel /> },
        ]}
      />
    </Card>
  );
}
