import type { FlowGraph } from '@lintel/contracts';
import {
  addEdge,
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  freshId,
  fromDesign,
  NODE_TYPES,
  ruleText,
  toDesign,
  type DesignEdge,
  type DesignNode,
  type NodeType,
} from './flow-model';
import { EdgeProperties, NodeProperties } from './node-properties';
import { StepNode } from './step-node';

const XY_NODE_TYPES: NodeTypes = { step: StepNode };
const DRAG_TYPE = 'application/x-lintel-approval-node';

type Selection = { kind: 'node' | 'edge'; id: string } | null;

/**
 * The visual designer of a flow: a palette (drag a kind onto the canvas, or press its button to
 * add it below the others), the canvas (move nodes, drag from a node's lower handle to another's
 * upper one to connect them), and the properties of the selected node or connection — including a
 * "connect to" list, so a flow can be drawn with the keyboard alone. Reports each change as a graph.
 */
function Designer({ initial, onChange }: { initial: FlowGraph; onChange(graph: FlowGraph): void }) {
  const { t } = useTranslation();
  const start = useMemo(() => toDesign(initial), [initial]);
  const [nodes, setNodes, onNodesChange] = useNodesState<DesignNode>(start.nodes);
  const [edges, setEdges, onEdgesChange] = useEdgesState<DesignEdge>(start.edges);
  const [selection, setSelection] = useState<Selection>(null);
  const flow = useReactFlow();

  useEffect(() => onChange(fromDesign(nodes, edges)), [nodes, edges, onChange]);

  const labelled = nodes.map((n) => ({
    ...n,
    data: { ...n.data, label: t(`approval.node.${n.data.type}`) },
  }));
  const add = (type: NodeType, position?: { x: number; y: number }) => {
    const id = freshId(type);
    const lowest = Math.max(0, ...nodes.map((n) => n.position.y));
    // Beside the selected node (what it will most likely be connected to), else below the others.
    const beside = selection?.kind === 'node' ? nodes.find((n) => n.id === selection.id) : undefined;
    const node: DesignNode = {
      id,
      type: 'step',
      position:
        position ??
        (beside ? { x: beside.position.x + 220, y: beside.position.y + 60 } : { x: 240, y: lowest + 120 }),
      data: {
        type,
        name: t(`approval.node.${type}`),
        ...(type === 'approver' ? { approver: { kind: 'user', ids: [] } } : {}),
      },
    };
    setNodes((all) => [...all, node]);
    setSelection({ kind: 'node', id });
  };
  const connect = (c: Connection | { source: string; target: string }) =>
    setEdges((all) => addEdge({ ...c, id: freshId('edge'), data: { rule: null } } as DesignEdge, all));
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const type = event.dataTransfer.getData(DRAG_TYPE) as NodeType;
    if (!NODE_TYPES.includes(type)) return;
    add(type, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const selectedNode = selection?.kind === 'node' ? nodes.find((n) => n.id === selection.id) : undefined;
  const selectedEdge = selection?.kind === 'edge' ? edges.find((e) => e.id === selection.id) : undefined;

  return (
    <Flex gap={12} style={{ height: 520 }}>
      <Card size="small" title={t('approval.designer.palette')} style={{ width: 150 }}>
        <Flex vertical gap={8}>
          {NODE_TYPES.map((type) => (
            <Button
              key={type}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_TYPE, type);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onClick={() => add(type)}
            >
              {t(`approval.node.${type}`)}
            </Button>
          ))}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('approval.designer.paletteHint')}
          </Typography.Text>
        </Flex>
      </Card>
      <div
        style={{ flex: 1, border: '1px solid rgba(128,128,128,0.3)', borderRadius: 8 }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
        }}
        onDrop={onDrop}
        role="region"
        aria-label={t('approval.designer.canvas')}
      >
        <ReactFlow<DesignNode, DesignEdge>
          nodes={labelled}
          edges={edges.map((e) => ({ ...e, label: ruleText(e.data?.rule) }))}
          nodeTypes={XY_NODE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={connect}
          onNodeClick={(_, n) => setSelection({ kind: 'node', id: n.id })}
          onEdgeClick={(_, e) => setSelection({ kind: 'edge', id: e.id })}
          onPaneClick={() => setSelection(null)}
          deleteKeyCode={null}
          fitView
          fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      <Card size="small" title={t('approval.designer.properties')} style={{ width: 280, overflow: 'auto' }}>
        {selectedNode ? (
          <NodeProperties
            node={selectedNode}
            nodes={nodes}
            onChange={(data) =>
              setNodes((all) =>
                all.map((n) => (n.id === selectedNode.id ? { ...n, data: { ...n.data, ...data } } : n)),
              )
            }
            onConnect={(target) => connect({ source: selectedNode.id, target })}
            onDelete={() => {
              setNodes((all) => all.filter((n) => n.id !== selectedNode.id));
              setEdges((all) =>
                all.filter((e) => e.source !== selectedNode.id && e.target !== selectedNode.id),
              );
              setSelection(null);
            }}
          />
        ) : selectedEdge ? (
          <EdgeProperties
            edge={selectedEdge}
            fromCondition={nodes.find((n) => n.id === selectedEdge.source)?.data.type === 'condition'}
            onChange={(rule) =>
              setEdges((all) => all.map((e) => (e.id === selectedEdge.id ? { ...e, data: { rule } } : e)))
            }
            onDelete={() => {
              setEdges((all) => all.filter((e) => e.id !== selectedEdge.id));
              setSelection(null);
            }}
          />
        ) : (
          <Typography.Text type="secondary">{t('approval.designer.selectHint')}</Typography.Text>
        )}
        {(selectedNode || selectedEdge) === undefined && edges.length > 0 && (
          <Flex vertical gap={4} style={{ marginTop: 12 }}>
            <Typography.Text strong>{t('approval.designer.connections')}</Typography.Text>
            {edges.map((e) => (
              <Button
                key={e.id}
                size="small"
                type="link"
                onClick={() => setSelection({ kind: 'edge', id: e.id })}
              >
                {`${nodes.find((n) => n.id === e.source)?.data.name ?? '?'} → ${nodes.find((n) => n.id === e.target)?.data.name ?? '?'}${e.data?.rule ? ` (${ruleText(e.data.rule)})` : ''}`}
              </Button>
            ))}
          </Flex>
        )}
      </Card>
    </Flex>
  );
}

export function FlowDesigner(props: { initial: FlowGraph; onChange(graph: FlowGraph): void }) {
  return (
    <ReactFlowProvider>
      <Designer {...props} />
    </ReactFlowProvider>
  );
}
