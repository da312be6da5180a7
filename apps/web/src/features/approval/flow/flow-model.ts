import type { EdgeRule, FlowGraph, FlowNode } from '@lintel/contracts';
import type { Edge, Node } from '@xyflow/react';

/**
 * The designer's model: the flow graph the server stores (`flowJson`) as xyflow nodes and edges,
 * and back. Nodes carry their type, name and approver; edges leaving a condition node carry a rule.
 */

export type NodeType = FlowNode['type'];
export type FlowNodeData = {
  type: NodeType;
  name: string;
  approver?: FlowNode['approver'];
  /** Set by the designer: the localized word under the name. */
  label?: string;
};
export type DesignNode = Node<FlowNodeData, 'step'>;
export type DesignEdge = Edge<{ rule?: EdgeRule | null }>;

export const NODE_TYPES: readonly NodeType[] = ['start', 'approver', 'condition', 'end'];

let counter = 0;
/** A fresh id for a node or an edge (the server only needs them unique within one graph). */
export const freshId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export function toDesign(graph: FlowGraph): { nodes: DesignNode[]; edges: DesignEdge[] } {
  return {
    nodes: graph.nodes.map((n, index) => ({
      id: n.id,
      type: 'step',
      position: n.position ?? { x: 240, y: 40 + index * 110 },
      data: { type: n.type, name: n.name, ...(n.approver ? { approver: n.approver } : {}) },
    })),
    edges: graph.edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      data: { rule: e.rule ?? null },
      label: ruleText(e.rule),
    })),
  };
}

export function fromDesign(nodes: DesignNode[], edges: DesignEdge[]): FlowGraph {
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      type: n.data.type,
      name: n.data.name.trim() || n.data.type,
      ...(n.data.type === 'approver' ? { approver: n.data.approver ?? { kind: 'user', ids: [] } } : {}),
      position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
    })),
    edges: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      ...(e.data?.rule ? { rule: e.data.rule } : {}),
    })),
  };
}

/** `amount > 1000`, the label a condition edge shows. */
export const ruleText = (rule: EdgeRule | null | undefined) =>
  rule ? `${rule.field} ${rule.op} ${String(rule.value)}` : undefined;

/** A new flow: start → one approver → end. */
export function starterGraph(names: Record<NodeType, string>): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: names.start, position: { x: 240, y: 20 } },
      {
        id: 'approver1',
        type: 'approver',
        name: names.approver,
        approver: { kind: 'user', ids: [] },
        position: { x: 240, y: 140 },
      },
      { id: 'end', type: 'end', name: names.end, position: { x: 240, y: 260 } },
    ],
    edges: [
      { id: 'e-start', source: 'start', target: 'approver1' },
      { id: 'e-approver1', source: 'approver1', target: 'end' },
    ],
  };
}

/** Parses stored JSON, or answers null when it is not a graph (the designer then starts afresh). */
export function parseGraph(text: string | undefined): FlowGraph | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as FlowGraph;
    return Array.isArray(value.nodes) && Array.isArray(value.edges) ? value : null;
  } catch {
    return null;
  }
}
