import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readAccessToken } from '../../../shared/api/tokens';
import { useUserInfo } from '../../../shared/session/use-session';
import { brokerInfo, mqttKeys } from './mqtt-api';
import {
  useMqttClient,
  type ConnectSettings,
  type ConnectionState,
  type LogEntry,
  type QoS,
} from './use-mqtt-client';

const QOS_OPTIONS = [0, 1, 2].map((q) => ({ value: q, label: `QoS ${q}` }));
const STATE_BADGE: Record<ConnectionState, 'default' | 'processing' | 'success' | 'warning' | 'error'> = {
  disconnected: 'default',
  connecting: 'processing',
  connected: 'success',
  reconnecting: 'warning',
  error: 'error',
};

/** A client id of its own per page, as brokers drop an older connection with the same id. */
const newClientId = () => `lintel-${crypto.randomUUID().slice(0, 8)}`;

interface PublishForm {
  topic: string;
  payload: string;
  format: 'text' | 'json';
  qos: QoS;
  retain: boolean;
}

/** Develop → MQTT (`/system/mqtt/index`): connect to a broker over WebSocket, subscribe, publish, watch. */
export default function MqttPage() {
  const { t } = useTranslation();
  const broker = useQuery({ queryKey: mqttKeys.broker, queryFn: brokerInfo });
  const user = useUserInfo();
  const mqtt = useMqttClient();
  const [connectForm] = Form.useForm<ConnectSettings>();
  const [subscribeForm] = Form.useForm<{ topic: string; qos: QoS }>();
  const [publishForm] = Form.useForm<PublishForm>();
  const [clientId] = useState(newClientId);

  // The embedded broker takes the product's access token as password, the account as user name.
  useEffect(() => {
    if (!broker.data?.url || connectForm.isFieldsTouched(['url'])) return;
    connectForm.setFieldsValue({
      url: broker.data.url,
      username: user.data?.account,
      password: readAccessToken() ?? undefined,
    });
  }, [broker.data, user.data, connectForm]);

  const connected = mqtt.state === 'connected';
  const columns = [
    { key: 'time', title: t('mqtt.time'), dataIndex: 'time', width: 90 },
    {
      key: 'direction',
      title: t('mqtt.direction'),
      width: 90,
      render: (_: unknown, row: LogEntry) => (
        <Tag color={row.direction === 'in' ? 'blue' : 'green'}>
          {t(row.direction === 'in' ? 'mqtt.in' : 'mqtt.out')}
        </Tag>
      ),
    },
    { key: 'topic', title: t('mqtt.topic'), dataIndex: 'topic', width: 200 },
    { key: 'qos', title: 'QoS', dataIndex: 'qos', width: 60 },
    {
      key: 'payload',
      title: t('mqtt.payload'),
      render: (_: unknown, row: LogEntry) => (
        <code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{row.payload}</code>
      ),
    },
  ];

  const publish = ({ topic, payload, qos, retain }: PublishForm) =>
    mqtt.publish(topic, payload ?? '', qos, !!retain);

  return (
    <Flex vertical gap={12}>
      {broker.data && !broker.data.enabled && <Alert type="info" showIcon message={t('mqtt.brokerOff')} />}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card
            size="small"
            title={t('mqtt.connection')}
            extra={
              <span data-testid="mqtt-state">
                <Badge status={STATE_BADGE[mqtt.state]} text={t(`mqtt.state.${mqtt.state}`)} />
              </span>
            }
          >
            <Form
              name="connect"
              form={connectForm}
              layout="vertical"
              initialValues={{ clientId, keepalive: 60, clean: true }}
              onFinish={(values) => void mqtt.connect(values)}
            >
              <Form.Item
                name="url"
                label={t('mqtt.url')}
                extra={t('mqtt.urlHint')}
                rules={[{ required: true, pattern: /^wss?:\/\/.+/ }]}
              >
                <Input placeholder="ws://host/mqtt" maxLength={512} />
              </Form.Item>
              <Row gutter={12}>
                <Col span={12}>
                  <Form.Item name="clientId" label={t('mqtt.clientId')} rules={[{ required: true }]}>
                    <Input maxLength={64} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="keepalive" label={t('mqtt.keepalive')}>
                    <InputNumber min={0} max={3600} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={6}>
                  <Form.Item name="clean" label={t('mqtt.clean')} valuePropName="checked">
                    <Checkbox />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="username" label={t('mqtt.username')}>
                    <Input maxLength={128} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item name="password" label={t('mqtt.password')}>
                    <Input.Password autoComplete="off" />
                  </Form.Item>
                </Col>
              </Row>
              {mqtt.error && (
                <Alert type="error" showIcon message={mqtt.error} style={{ marginBottom: 12 }} />
              )}
              <Space>
                <Button type="primary" htmlType="submit" loading={mqtt.state === 'connecting'}>
                  {t('mqtt.connect')}
                </Button>
                <Button onClick={mqtt.disconnect} disabled={mqtt.state === 'disconnected'}>
                  {t('mqtt.disconnect')}
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('mqtt.subscriptions')} style={{ marginBottom: 12 }}>
            <Form
              name="subscribe"
              form={subscribeForm}
              layout="inline"
              initialValues={{ qos: 0 }}
              onFinish={({ topic, qos }) => mqtt.subscribe(topic, qos)}
            >
              <Form.Item name="topic" label={t('mqtt.topicFilter')} rules={[{ required: true }]}>
                <Input maxLength={256} placeholder="lintel/#" />
              </Form.Item>
              <Form.Item name="qos">
                <Select options={QOS_OPTIONS} style={{ width: 90 }} aria-label="QoS" />
              </Form.Item>
              <Button htmlType="submit" disabled={!connected}>
                {t('mqtt.subscribe')}
              </Button>
            </Form>
            <Flex wrap gap={6} style={{ marginTop: 8 }}>
              {mqtt.subscriptions.map((s) => (
                <Tag
                  key={s.topic}
                  closable
                  onClose={() => mqtt.unsubscribe(s.topic)}
                  closeIcon={<span aria-label={t('mqtt.unsubscribe', { topic: s.topic })}>×</span>}
                >
                  {s.topic} · QoS {s.qos}
                </Tag>
              ))}
            </Flex>
          </Card>
          <Card size="small" title={t('mqtt.publish')}>
            <Form
              name="publish"
              form={publishForm}
              layout="vertical"
              initialValues={{ qos: 0, retain: false, format: 'text' }}
              onFinish={publish}
            >
              <Form.Item name="topic" label={t('mqtt.topic')} rules={[{ required: true }]}>
                <Input maxLength={256} />
              </Form.Item>
              <Form.Item name="format" label={t('mqtt.format')}>
                <Radio.Group
                  options={[
                    { value: 'text', label: t('mqtt.text') },
                    { value: 'json', label: 'JSON' },
                  ]}
                />
              </Form.Item>
              <Form.Item
                name="payload"
                label={t('mqtt.payload')}
                dependencies={['format']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_, value: string | undefined) => {
                      if (getFieldValue('format') !== 'json') return;
                      JSON.parse(value ?? '');
                    },
                    message: t('mqtt.badJson'),
                  }),
                ]}
              >
                <Input.TextArea rows={3} maxLength={65536} />
              </Form.Item>
              <Space>
                <Form.Item name="qos" noStyle>
                  <Select options={QOS_OPTIONS} style={{ width: 90 }} aria-label="QoS" />
                </Form.Item>
                <Form.Item name="retain" valuePropName="checked" noStyle>
                  <Checkbox>{t('mqtt.retain')}</Checkbox>
                </Form.Item>
                <Button type="primary" htmlType="submit" disabled={!connected}>
                  {t('mqtt.send')}
                </Button>
              </Space>
            </Form>
          </Card>
        </Col>
      </Row>
      <Card
        size="small"
        title={t('mqtt.log')}
        extra={
          <Button size="small" onClick={mqtt.clearLog}>
            {t('mqtt.clear')}
          </Button>
        }
      >
        <Table<LogEntry>
          data-testid="mqtt-log"
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={mqtt.log}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      </Card>
    </Flex>
  );
}
