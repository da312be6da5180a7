import type { CacheValue } from '@lintel/contracts';
import { ClearOutlined, DeleteOutlined, KeyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Popconfirm,
  Row,
  Space,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  cacheKeys,
  clearCache,
  deleteCacheKey,
  deleteCachePrefix,
  listCacheKeys,
  readCacheValue,
} from './cache-api';
import { keyTree, type KeyNode } from './cache-key-tree';

const pretty = (value: CacheValue) =>
  value.format === 'json' ? JSON.stringify(value.value, null, 2) : (value.text ?? '');

/** Platform → cache (`/system/cache/index`): the app's cache keys by prefix, a value, delete and clear. */
export default function CachePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<KeyNode | null>(null);
  const [expanded, setExpanded] = useState<React.Key[]>([]);

  const keys = useQuery({ queryKey: cacheKeys.keys, queryFn: listCacheKeys });
  const tree = useMemo(() => keyTree(keys.data?.keys ?? []), [keys.data]);
  const leaf = selected?.isLeaf ? selected.key : null;
  const value = useQuery({
    queryKey: cacheKeys.value(leaf ?? ''),
    queryFn: () => readCacheValue(leaf!),
    enabled: !!leaf && has('sysCache:value'),
  });

  const after = async (deleted: number) => {
    notifier().success(t('platform.cache.deletedCount', { count: deleted }));
    setSelected(null);
    await queryClient.invalidateQueries({ queryKey: cacheKeys.all });
  };

  const protectedPrefixes = keys.data?.protectedPrefixes ?? [];
  return (
    <Flex vertical gap={12}>
      <Alert
        type="info"
        showIcon
        title={t('platform.cache.clearMeaning')}
        description={t('platform.cache.clearKeeps', { prefixes: protectedPrefixes.join(' ') })}
      />
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Card
            size="small"
            title={
              <Space>
                <KeyOutlined />
                {t('platform.cache.keys')}
                {keys.data && (
                  <Tag>
                    {keys.data.kind === 'redis' ? 'Redis' : t('platform.cache.memory')} ·{' '}
                    {keys.data.keys.length}
                  </Tag>
                )}
              </Space>
            }
            extra={
              <Space size={4}>
                <Button
                  size="small"
                  icon={<ReloadOutlined />}
                  aria-label={t('system.common.refresh')}
                  loading={keys.isFetching}
                  onClick={() => void queryClient.invalidateQueries({ queryKey: cacheKeys.all })}
                />
                {has('sysCache:clear') && (
                  <Popconfirm
                    title={t('platform.cache.clearConfirm')}
                    description={t('platform.cache.clearMeaning')}
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => after((await clearCache()).deleted)}
                  >
                    <Button size="small" icon={<ClearOutlined />}>
                      {t('platform.cache.clear')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            }
          >
            {keys.data?.truncated && (
              <Alert
                type="warning"
                showIcon
                title={t('platform.cache.truncated')}
                style={{ marginBottom: 8 }}
              />
            )}
            {tree.length === 0 ? (
              <Empty description={t('platform.cache.noKeys')} />
            ) : (
              <Tree<KeyNode>
                showLine
                blockNode
                height={560}
                treeData={tree}
                fieldNames={{ key: 'key', title: 'title', children: 'children' }}
                titleRender={(node) => (
                  <span>
                    {node.title}
                    {!node.isLeaf && <Typography.Text type="secondary"> ({node.count})</Typography.Text>}
                  </span>
                )}
                selectedKeys={selected ? [selected.key] : []}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys)}
                onSelect={(_keys, info) => {
                  setSelected(info.selected ? info.node : null);
                  // Picking a group also opens it (or closes it when it was open).
                  const key = info.node.key;
                  if (!info.node.isLeaf)
                    setExpanded((open) =>
                      open.includes(key) ? open.filter((k) => k !== key) : [...open, key],
                    );
                }}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} md={14}>
          <Card size="small" title={t('platform.cache.value')}>
            {!selected ? (
              <Empty description={t('platform.cache.pick')} />
            ) : !selected.isLeaf ? (
              <Space orientation="vertical">
                <Typography.Text>
                  {t('platform.cache.prefixSummary', { prefix: selected.key, count: selected.count })}
                </Typography.Text>
                {has('sysCache:deleteByPreKey') && (
                  <Popconfirm
                    title={t('platform.cache.deletePrefixConfirm', {
                      prefix: selected.key,
                      count: selected.count,
                    })}
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => after((await deleteCachePrefix(selected.key)).deleted)}
                  >
                    <Button icon={<DeleteOutlined />}>{t('platform.cache.deletePrefix')}</Button>
                  </Popconfirm>
                )}
              </Space>
            ) : (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label={t('platform.cache.key')}>
                    <Typography.Text code copyable>
                      {selected.key}
                    </Typography.Text>
                  </Descriptions.Item>
                  {value.data && (
                    <>
                      <Descriptions.Item label={t('platform.cache.ttl')}>
                        {!value.data.exists
                          ? t('platform.cache.gone')
                          : value.data.ttl === null
                            ? t('platform.cache.noExpiry')
                            : t('platform.cache.seconds', { seconds: value.data.ttl })}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('platform.cache.format')}>
                        {value.data.format.toUpperCase()}
                      </Descriptions.Item>
                    </>
                  )}
                </Descriptions>
                {value.data?.exists && (
                  <pre
                    data-testid="cache-value"
                    style={{
                      maxHeight: 420,
                      overflow: 'auto',
                      margin: 0,
                      padding: 12,
                      background: 'var(--ant-color-fill-quaternary)',
                      borderRadius: 6,
                    }}
                  >
                    {pretty(value.data)}
                  </pre>
                )}
                {has('sysCache:delete') && (
                  <Popconfirm
                    title={t('platform.cache.deleteConfirm', { key: selected.key })}
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => after((await deleteCacheKey(selected.key)).deleted)}
                  >
                    <Button icon={<DeleteOutlined />}>{t('platform.cache.deleteKey')}</Button>
                  </Popconfirm>
                )}
              </Space>
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
