import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  type AriaLabelConfig,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Card, Empty, Flex, Space, Spin, Switch, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { databaseKeys, listDatabases, MAIN_CONFIG_ID, visualData } from './database-api';
import { DatabaseSelect } from './database-select';
import { buildDiagram } from './diagram-layout';
import { TableNodeView } from './table-node';

const NODE_TYPES: NodeTypes = { table: TableNodeView };

/** Whether a colour (#rrggbb or rgb[a]()) is dark: the diagram's own colours follow the theme. */
function isDark(colour: string): boolean {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(colour);
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(colour);
  const parts = hex ? hex.slice(1).map((h) => parseInt(h, 16)) : rgb ? rgb.slice(1).map(Number) : null;
  if (!parts) return false;
  const [r, g, b] = parts as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/**
 * Developer tools → database diagram (`/system/database/visual`): every table of a database as a box
 * listing its columns, every foreign key as a line between the two columns; pan, zoom, mini map and
 * fit view. Product tables are hidden until asked for.
 */
export default function VisualPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const configId = params.get('configId') || MAIN_CONFIG_ID;
  const [productTables, setProductTables] = useState(false);

  const databases = useQuery({ queryKey: databaseKeys.list(), queryFn: listDatabases });
  const data = useQuery({ queryKey: databaseKeys.visual(configId), queryFn: () => visualData(configId) });
  const diagram = useMemo(
    () => (data.data ? buildDiagram(data.data, { productTables }) : { nodes: [], edges: [] }),
    [data.data, productTables],
  );
  const ariaLabels = useMemo(
    (): Partial<AriaLabelConfig> => ({
      'node.a11yDescription.default': t('develop.visual.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('develop.visual.a11y.node'),
      'node.a11yDescription.ariaLiveMessage': ({ x, y }) => t('develop.visual.a11y.moved', { x, y }),
      'edge.a11yDescription.default': t('develop.visual.a11y.edge'),
      'controls.ariaLabel': t('develop.visual.a11y.controls'),
      'controls.zoomIn.ariaLabel': t('develop.visual.a11y.zoomIn'),
      'controls.zoomOut.ariaLabel': t('develop.visual.a11y.zoomOut'),
      'controls.fitView.ariaLabel': t('develop.visual.a11y.fitView'),
      'controls.interactive.ariaLabel': t('develop.visual.a11y.interactive'),
      'minimap.ariaLabel': t('develop.visual.a11y.minimap'),
      'handle.ariaLabel': t('develop.visual.a11y.handle'),
    }),
    [t],
  );
  const hiddenCount = (data.data?.visualTableList.length ?? 0) - diagram.nodes.length;

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Space wrap size={12}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/develop/database')}>
              {t('develop.visual.back')}
            </Button>
            <label htmlFor="develop-visual-database">{t('develop.database.database')}</label>
            <DatabaseSelect
              id="develop-visual-database"
              databases={databases.data ?? []}
              loading={databases.isFetching}
              value={configId}
              onChange={(next) => setParams({ configId: next }, { replace: true })}
            />
            <Space size={6}>
              <Switch
                id="develop-visual-product"
                checked={productTables}
                onChange={setProductTables}
                aria-label={t('develop.visual.productTables')}
              />
              <label htmlFor="develop-visual-product">{t('develop.visual.productTables')}</label>
            </Space>
            <Typography.Text type="secondary" role="status">
              {t('develop.visual.summary', { tables: diagram.nodes.length, relations: diagram.edges.length })}
            </Typography.Text>
          </Space>
          <Tooltip title={t('system.common.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('system.common.refresh')}
              loading={data.isFetching}
              onClick={() => void data.refetch()}
            />
          </Tooltip>
        </Flex>
      </Card>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <div style={{ height: 'calc(100vh - 230px)', minHeight: 420 }} data-testid="database-diagram">
          {data.isLoading ? (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Spin />
            </Flex>
          ) : diagram.nodes.length === 0 ? (
            <Flex justify="center" align="center" style={{ height: '100%' }}>
              <Empty
                description={
                  hiddenCount > 0
                    ? t('develop.visual.onlyProduct', { n: hiddenCount })
                    : t('develop.visual.empty')
                }
              />
            </Flex>
          ) : (
            <ReactFlow
              // A new database or filter lays the diagram out afresh and fits it into view.
              key={`${configId}:${productTables}`}
              defaultNodes={diagram.nodes}
              defaultEdges={diagram.edges}
              nodeTypes={NODE_TYPES}
              nodesConnectable={false}
              edgesReconnectable={false}
              deleteKeyCode={null}
              fitView
              fitViewOptions={{ maxZoom: 1, padding: 0.1 }}
              minZoom={0.05}
              maxZoom={2}
              defaultEdgeOptions={{ style: { stroke: token.colorPrimary, strokeWidth: 1.5 } }}
              colorMode={isDark(token.colorBgContainer) ? 'dark' : 'light'}
              ariaLabelConfig={ariaLabels}
            >
              <Background gap={20} />
              <Controls showInteractive={false} />
              <MiniMap pannable zoomable nodeColor={token.colorPrimaryBorder} />
            </ReactFlow>
          )}
        </div>
      </Card>
    </Flex>
  );
}
