import type { StressProgress, StressResult, StressTestInput } from '@lintel/contracts';
import { PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import {
  AutoComplete,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Row,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { streamSse } from '../../../shared/ai/sse-stream';
import { StressChart } from './stress-chart';

/** The server's bounds (wire/stress-test.ts); the server refuses more. */
const MAX_DURATION = 30;
const MAX_CONNECTIONS = 50;
const SUGGESTED = [
  '/api/sysAuth/userInfo',
  '/api/sysUpgrade/latest',
  '/api/sysPos/list',
  '/api/sysDictType/list',
];

const ms = (value: number) => `${Math.round(value * 100) / 100} ms`;

/**
 * Developer tools → stress test (`/system/stressTest/index`): load one of the product's own GET
 * routes for a few seconds and watch throughput and latency live, then the percentiles (super admin).
 */
export default function StressTestPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<StressTestInput>();
  const [seconds, setSeconds] = useState<StressProgress[]>([]);
  const [result, setResult] = useState<StressResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const latest = seconds.at(-1);
  const labels = useMemo(
    () => ({
      title: t('stressTest.chart'),
      throughput: t('stressTest.throughput'),
      latency: t('stressTest.latency'),
      mean: t('stressTest.mean'),
    }),
    [t],
  );

  const start = async (input: StressTestInput) => {
    const controller = new AbortController();
    abort.current = controller;
    setSeconds([]);
    setResult(null);
    setFailure(null);
    setRunning(true);
    try {
      await streamSse('/api/sysCommon/stressTest', input, {
        signal: controller.signal,
        toast: true,
        onEvent: (event) => {
          const { event: name, data } = event as unknown as { event: string; data: unknown };
          if (name === 'progress') setSeconds((all) => [...all, data as StressProgress]);
          else if (name === 'done') setResult(data as StressResult);
          else if (name === 'error') setFailure((data as { message?: string }).message ?? '');
        },
      });
    } catch {
      // Shown by the API client.
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('stressTest.title')}>
        <Typography.Paragraph type="secondary">{t('stressTest.intro')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ path: SUGGESTED[0], duration: 5, connections: 10 }}
          onFinish={(values) => void start(values)}
          disabled={running}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="path"
                label={t('stressTest.path')}
                extra={t('stressTest.pathHint')}
                rules={[
                  { required: true, message: t('stressTest.pathRequired') },
                  { pattern: /^\/api\/\S+$/, message: t('stressTest.pathPattern') },
                ]}
              >
                <AutoComplete options={SUGGESTED.map((value) => ({ value }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="duration" label={t('stressTest.duration')} rules={[{ required: true }]}>
                <InputNumber min={1} max={MAX_DURATION} suffix="s" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="connections" label={t('stressTest.connections')} rules={[{ required: true }]}>
                <InputNumber min={1} max={MAX_CONNECTIONS} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Space>
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            loading={running}
            onClick={() => form.submit()}
          >
            {t('stressTest.start')}
          </Button>
          <Button icon={<StopOutlined />} disabled={!running} onClick={() => abort.current?.abort()}>
            {t('stressTest.stop')}
          </Button>
          {running && <Tag color="processing">{t('stressTest.running', { seconds: seconds.length })}</Tag>}
          {latest && <LiveLatency second={latest} />}
        </Space>
      </Card>
      <Card size="small" title={t('stressTest.chart')}>
        <StressChart seconds={seconds} labels={labels} />
      </Card>
      {(result || failure) && (
        <Card size="small" title={t('stressTest.result')}>
          {failure ? (
            <Typography.Text type="danger">{failure}</Typography.Text>
          ) : (
            result && <StressResultTable result={result} />
          )}
        </Card>
      )}
    </Flex>
  );
}

/** The percentiles of the last second received, in words beside the chart's lines. */
function LiveLatency({ second }: { second: StressProgress }) {
  const { t } = useTranslation();
  return (
    <Space size={4} data-testid="stress-live">
      <Typography.Text type="secondary">
        {t('stressTest.lastSecond', { second: second.second })}
      </Typography.Text>
      {(['p50', 'p90', 'p99'] as const).map((key) => (
        <Tag key={key}>
          {key} {ms(second[key])}
        </Tag>
      ))}
    </Space>
  );
}

function StressResultTable({ result }: { result: StressResult }) {
  const { t } = useTranslation();
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2, lg: 4 }} data-testid="stress-result">
      <Descriptions.Item label={t('stressTest.requests')}>{result.requests}</Descriptions.Item>
      <Descriptions.Item label={t('stressTest.requestsPerSecond')}>
        {result.requestsPerSecond}
      </Descriptions.Item>
      <Descriptions.Item label={t('stressTest.errors')}>{result.errors}</Descriptions.Item>
      <Descriptions.Item label={t('stressTest.timeouts')}>{result.timeouts}</Descriptions.Item>
      <Descriptions.Item label="p50">{ms(result.latency.p50)}</Descriptions.Item>
      <Descriptions.Item label="p90">{ms(result.latency.p90)}</Descriptions.Item>
      <Descriptions.Item label="p99">{ms(result.latency.p99)}</Descriptions.Item>
      <Descriptions.Item label={t('stressTest.max')}>{ms(result.latency.max)}</Descriptions.Item>
      <Descriptions.Item label={t('stressTest.statusCodes')} span={4}>
        <Space wrap>
          {Object.entries(result.statusCodes).map(([code, count]) => (
            <Tag key={code} color={code.startsWith('2') ? 'success' : 'error'}>
              {code}: {count}
            </Tag>
          ))}
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}
