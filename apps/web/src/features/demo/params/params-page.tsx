import { Button, Form, Input, List, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DemoCard } from '../demo-card';

/** Where the route `/demo/params/view/:id/:tagsViewName?` goes: a path parameter, a name, a query. */
export const paramsHref = (id: string, tab: string, name?: string) =>
  `/demo/params/view/${encodeURIComponent(id)}${name ? `/${encodeURIComponent(name)}` : ''}?tab=${encodeURIComponent(tab)}`;

const SAMPLES = [
  { id: '1', tab: 'a' },
  { id: '2', tab: 'b' },
  { id: '3', tab: 'c', name: 'three' },
];

/**
 * Route parameters: the hidden menu route `/demo/params/view/:id/:tagsViewName?` (the shape of the
 * SPEC's report viewer) opened with different parameters; each opens a tag of its own.
 */
export default function ParamsDemo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DemoCard title="routes.demoParams" intro="demo.params.intro">
      <List
        header={t('demo.params.samples')}
        bordered
        dataSource={SAMPLES}
        data-testid="param-links"
        renderItem={(s) => (
          <List.Item>
            <Link to={paramsHref(s.id, s.tab, s.name)}>{paramsHref(s.id, s.tab, s.name)}</Link>
          </List.Item>
        )}
        style={{ marginBottom: 16 }}
      />
      <Form
        layout="inline"
        initialValues={{ id: '42', tab: 'details' }}
        onFinish={(v: { id: string; tab: string; name?: string }) =>
          void navigate(paramsHref(v.id.trim(), v.tab.trim(), v.name?.trim() || undefined))
        }
      >
        <Form.Item
          name="id"
          label={t('demo.params.id')}
          rules={[{ required: true, whitespace: true, max: 32 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="tab"
          label={t('demo.params.tab')}
          rules={[{ required: true, whitespace: true, max: 32 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('demo.params.name')} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('demo.params.open')}
          </Button>
        </Space>
      </Form>
    </DemoCard>
  );
}
