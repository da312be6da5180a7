import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Descriptions, Flex, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDuration } from './format';
import { LiveChart, type LivePoint } from './live-chart';
import { readAssemblies, readServerBase, readServerDisk, readServerUsed, serverKeys } from './server-api';

/** How often the live figures are read; react-query pauses while the page is hidden or gone. */
export const REFRESH_MS = 5000;
const HISTORY = 60;

const Status = ({ up, label }: { up: boolean; label: string }) => (
  <Badge status={up ? 'success' : 'error'} text={label} />
);

/** Platform → server monitoring (`/system/server/index`): the machine, this process, database, Redis. */
export default function ServerPage() {
  const { t } = useTranslation();
  const base = useQuery({ queryKey: serverKeys.base, queryFn: readServerBase });
  const [history, setHistory] = useState<LivePoint[]>([]);
  const used = useQuery({
    queryKey: serverKeys.used,
    // Each reading also becomes a point of the chart (the last HISTORY of them).
    queryFn: async () => {
      const now = await readServerUsed();
      const point = {
        time: new Date(now.time).toLocaleTimeString(),
        cpu: now.cpuUsage,
        memory: now.memoryUsage,
        lag: now.eventLoop.lagP99,
      };
      setHistory((all) => [...all.slice(-(HISTORY - 1)), point]);
      return now;
    },
    refetchInterval: REFRESH_MS,
  });
  const disk = useQuery({ queryKey: serverKeys.disk, queryFn: readServerDisk, refetchInterval: 60_000 });
  const assemblies = useQuery({ queryKey: serverKeys.assemblies, queryFn: readAssemblies });
  const labels = useMemo(
    () => ({
      cpu: t('platform.server.cpu'),
      memory: t('platform.server.memory'),
      lag: t('platform.server.lag'),
      percent: '%',
      ms: 'ms',
    }),
    [t],
  );
  const u = used.data;
  const b = base.data;

  return (
    <Flex vertical gap={12}>
      <Row gutter={[12, 12]}>
        <Col xs={12} lg={6}>
          <Card size="small" title={t('platform.server.cpu')}>
            <Flex align="center" gap={16}>
              <Progress
                type="dashboard"
                format={(percent) => `${percent}%`}
                size={90}
                percent={u?.cpuUsage ?? 0}
                aria-label={t('platform.server.cpu')}
              />
              <Statistic title={t('platform.server.processCpu')} value={u?.processCpuUsage ?? 0} suffix="%" />
            </Flex>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" title={t('platform.server.memory')}>
            <Flex align="center" gap={16}>
              <Progress
                type="dashboard"
                format={(percent) => `${percent}%`}
                size={90}
                percent={u?.memoryUsage ?? 0}
                aria-label={t('platform.server.memory')}
              />
              <Typography.Text>
                {formatBytes(u?.usedMemory)} / {formatBytes(u?.totalMemory)}
              </Typography.Text>
            </Flex>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" title={t('platform.server.process')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label="RSS">{formatBytes(u?.process.rss)}</Descriptions.Item>
              <Descriptions.Item label={t('platform.server.heap')}>
                {formatBytes(u?.process.heapUsed)} / {formatBytes(u?.process.heapTotal)}
              </Descriptions.Item>
              <Descriptions.Item label={t('platform.server.loadAverage')}>
                {u?.loadAverage.join(' / ') ?? '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" title={t('platform.server.eventLoop')}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('platform.server.lagMean')}>
                {u ? `${u.eventLoop.lagMean} ms` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('platform.server.lagP99')}>
                {u ? `${u.eventLoop.lagP99} ms` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('platform.server.utilization')}>
                {u ? `${Math.round(u.eventLoop.utilization * 1000) / 10}%` : '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={15}>
          <Card size="small" title={t('platform.server.live', { seconds: REFRESH_MS / 1000 })}>
            <LiveChart points={history} labels={labels} />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card size="small" title={t('platform.server.machine')} loading={!b}>
            {b && (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('platform.server.host')}>{b.hostName}</Descriptions.Item>
                <Descriptions.Item label={t('platform.server.os')}>
                  {b.osName} {b.osRelease} ({b.osArch})
                </Descriptions.Item>
                <Descriptions.Item label={t('platform.server.cpuModel')}>
                  {b.cpuModel} × {b.cpuCores}
                </Descriptions.Item>
                <Descriptions.Item label="Node.js">
                  {b.nodeVersion} (V8 {b.v8Version})
                </Descriptions.Item>
                <Descriptions.Item label="PID">{b.pid}</Descriptions.Item>
                <Descriptions.Item label={t('platform.server.uptime')}>
                  {formatDuration(b.processUptime)} / {formatDuration(b.systemUptime)}
                </Descriptions.Item>
                <Descriptions.Item label={t('platform.server.timeZone')}>{b.timeZone}</Descriptions.Item>
              </Descriptions>
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('platform.server.disks')}>
            {(disk.data ?? []).map((d) => (
              <div key={d.name} style={{ marginBottom: 8 }}>
                <Typography.Text>
                  {t(`platform.server.disk.${d.name}`)}{' '}
                  <Typography.Text type="secondary">{d.path}</Typography.Text>
                </Typography.Text>
                <Progress percent={d.usage} aria-label={t(`platform.server.disk.${d.name}`)} />
                <Typography.Text type="secondary">
                  {t('platform.server.diskFree', { free: formatBytes(d.free), total: formatBytes(d.total) })}
                </Typography.Text>
              </div>
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('platform.server.services')}>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('platform.server.database')}>
                {u && (
                  <Flex vertical>
                    <Status
                      up={u.database.status === 'up'}
                      label={b?.database.version.split(' on ')[0] ?? u.database.status}
                    />
                    <span>
                      {t('platform.server.dbSize')}: {formatBytes(u.database.size)} ·{' '}
                      {t('platform.server.latency')}: {u.database.latency ?? '—'} ms
                    </span>
                    {u.database.error && <Typography.Text type="danger">{u.database.error}</Typography.Text>}
                  </Flex>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Redis">
                {!u ? null : !u.redis ? (
                  <Typography.Text type="secondary">{t('platform.server.noRedis')}</Typography.Text>
                ) : (
                  <Flex vertical>
                    <Status
                      up={u.redis.status === 'up'}
                      label={u.redis.version ? `Redis ${u.redis.version}` : u.redis.status}
                    />
                    <span>
                      {t('platform.server.redisMemory')}: {formatBytes(u.redis.usedMemory)} (
                      {t('platform.server.peak')} {formatBytes(u.redis.peakMemory)}) ·{' '}
                      {t('platform.server.clients')}: {u.redis.connectedClients ?? '—'} ·{' '}
                      {t('platform.server.dbKeys')}: {u.redis.dbKeys ?? '—'}
                    </span>
                    {u.redis.error && <Typography.Text type="danger">{u.redis.error}</Typography.Text>}
                  </Flex>
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('platform.server.assemblies')}>
        <Table
          rowKey="name"
          size="small"
          pagination={false}
          dataSource={assemblies.data ?? []}
          loading={assemblies.isFetching}
          columns={[
            { key: 'name', title: t('platform.server.package'), dataIndex: 'name' },
            { key: 'version', title: t('platform.server.version'), dataIndex: 'version', width: 140 },
            { key: 'role', title: t('platform.server.role'), dataIndex: 'role' },
          ]}
        />
      </Card>
    </Flex>
  );
}
