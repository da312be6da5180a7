import type { ConstItemRow, ConstTypeRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, List, Row, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { constData, dictKeys, listConstTypes } from './dict-api';

/** The product's constants (sysConst): the types on the left, the chosen type's values on the right. */
export function ConstPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const types = useQuery({ queryKey: dictKeys.consts, queryFn: listConstTypes });
  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return (types.data ?? []).filter(
      (type) => !text || type.code.toLowerCase().includes(text) || type.name.toLowerCase().includes(text),
    );
  }, [types.data, filter]);
  const current = chosen ?? shown[0]?.code ?? null;
  const values = useQuery({
    queryKey: dictKeys.constData(current ?? ''),
    queryFn: () => constData(current!),
    enabled: !!current,
  });

  return (
    <Row gutter={12}>
      <Col xs={24} md={8} lg={6}>
        <Card size="small" title={t('dict.constTypes')}>
          <Input.Search
            allowClear
            placeholder={t('dict.searchConsts')}
            aria-label={t('dict.searchConsts')}
            onChange={(e) => setFilter(e.target.value)}
            style={{ marginBottom: 8 }}
          />
          <List<ConstTypeRow>
            size="small"
            loading={types.isPending}
            dataSource={shown}
            renderItem={(type) => (
              <List.Item
                onClick={() => setChosen(type.code)}
                style={{
                  cursor: 'pointer',
                  paddingInline: 8,
                  background: type.code === current ? 'var(--ant-control-item-bg-active)' : undefined,
                }}
                aria-current={type.code === current}
              >
                <List.Item.Meta title={type.name} description={type.code} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card
          size="small"
          title={current ? t('dict.constValuesOf', { code: current }) : t('dict.constValues')}
        >
          {current ? (
            <Table<ConstItemRow>
              rowKey="code"
              size="small"
              loading={values.isFetching}
              dataSource={values.data ?? []}
              pagination={false}
              columns={[
                { key: 'name', title: t('dict.constName'), dataIndex: 'name' },
                { key: 'code', title: t('dict.code'), dataIndex: 'code' },
                {
                  key: 'value',
                  title: t('dict.value'),
                  dataIndex: 'value',
                  render: (value: number | string) => <Typography.Text code>{String(value)}</Typography.Text>,
                },
              ]}
            />
          ) : (
            <Empty />
          )}
        </Card>
      </Col>
    </Row>
  );
}
