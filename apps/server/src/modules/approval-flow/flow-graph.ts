import {
  FlowGraphValue,
  FormBindingValue,
  type EdgeRule,
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type FormBinding,
} from '@lintel/contracts/wire';
import { Value } from 'typebox/value';
import { badRequest } from '../../platform/http/errors.js';

/**
 * The flow graph of a definition (`flowJson`): parsed, checked as a whole, and walked. Pure: the
 * checks that need the database (approvers exist) are the service's. Every refusal is a localized
 * 400 naming the node at fault, so the designer can point at it.
 */

function parsed(text: string, key: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest(key);
  }
}

/** `formJson` as a binding, or a 400. */
export function parseFormBinding(text: string): FormBinding {
  const value = parsed(text, 'approvalFlow.formJsonInvalid');
  if (!Value.Check(FormBindingValue, value)) throw badRequest('approvalFlow.formJsonInvalid');
  return value;
}

/** `flowJson` as a graph that passes every structural rule, or a 400 saying which one fails. */
export function parseFlowGraph(text: string): FlowGraph {
  const value = parsed(text, 'approvalFlow.flowJsonInvalid');
  if (!Value.Check(FlowGraphValue, value)) throw badRequest('approvalFlow.flowJsonInvalid');
  assertWellFormed(value);
  return value;
}

const outgoing = (graph: FlowGraph, id: string) => graph.edges.filter((e) => e.source === id);

/**
 * One start without incoming edges; at least one end, without outgoing edges; approver and start
 * nodes with exactly one plain outgoing edge; condition nodes with one default (rule-less) branch
 * and rules on the others; every node reached from the start and reaching an end; no cycle.
 */
export function assertWellFormed(graph: FlowGraph): void {
  const ids = new Set<string>();
  for (const node of graph.nodes) {
    if (ids.has(node.id)) throw badRequest('approvalFlow.duplicateNode', { node: node.name });
    ids.add(node.id);
  }
  const edgeIds = new Set<string>();
  for (const edge of graph.edges) {
    if (edgeIds.has(edge.id) || !ids.has(edge.source) || !ids.has(edge.target) || edge.source === edge.target)
      throw badRequest('approvalFlow.badEdge');
    edgeIds.add(edge.id);
  }
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length !== 1) throw badRequest('approvalFlow.oneStart');
  if (!graph.nodes.some((n) => n.type === 'end')) throw badRequest('approvalFlow.noEnd');
  if (!graph.nodes.some((n) => n.type === 'approver')) throw badRequest('approvalFlow.noApproverNode');
  for (const node of graph.nodes) checkNode(graph, node);
  const start = starts[0]!;
  if (graph.edges.some((e) => e.target === start.id))
    throw badRequest('approvalFlow.startHasIncoming', { node: start.name });
  assertAcyclicAndConnected(graph, start);
}

function checkNode(graph: FlowGraph, node: FlowNode): void {
  const out = outgoing(graph, node.id);
  const ruled = out.filter((e) => e.rule);
  if (node.type === 'end') {
    if (out.length > 0) throw badRequest('approvalFlow.endHasOutgoing', { node: node.name });
    return;
  }
  if (node.type === 'condition') {
    if (out.length - ruled.length !== 1)
      throw badRequest('approvalFlow.conditionDefault', { node: node.name });
    if (ruled.length === 0) throw badRequest('approvalFlow.conditionNoRule', { node: node.name });
    return;
  }
  if (out.length !== 1 || ruled.length > 0) throw badRequest('approvalFlow.oneOutgoing', { node: node.name });
  if (node.type === 'approver') {
    const approver = node.approver;
    if (!approver) throw badRequest('approvalFlow.approverMissing', { node: node.name });
    if (approver.kind !== 'orgLeader' && approver.ids.length === 0)
      throw badRequest('approvalFlow.approverMissing', { node: node.name });
  }
}

/** Depth-first from the start: a node met again on the current path is a cycle. */
function assertAcyclicAndConnected(graph: FlowGraph, start: FlowNode): void {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const state = new Map<string, 'open' | 'done'>();
  const reachesEnd = new Map<string, boolean>();
  const visit = (node: FlowNode): boolean => {
    state.set(node.id, 'open');
    let end = node.type === 'end';
    for (const edge of outgoing(graph, node.id)) {
      const next = byId.get(edge.target)!;
      const seen = state.get(next.id);
      if (seen === 'open') throw badRequest('approvalFlow.cycle', { node: next.name });
      const nextEnds = seen === 'done' ? reachesEnd.get(next.id)! : visit(next);
      end = end || nextEnds;
    }
    state.set(node.id, 'done');
    reachesEnd.set(node.id, end);
    if (!end) throw badRequest('approvalFlow.deadEnd', { node: node.name });
    return end;
  };
  visit(start);
  const lost = graph.nodes.find((n) => !state.has(n.id));
  if (lost) throw badRequest('approvalFlow.unreachable', { node: lost.name });
}

/** Numbers compare as numbers (a form's number field, or a numeric string); anything else as text. */
export function ruleMatches(rule: EdgeRule, data: Record<string, unknown>): boolean {
  const actual = data[rule.field];
  if (actual === undefined || actual === null || actual === '') return false;
  if (rule.op === 'contains') {
    const text = String(rule.value);
    return Array.isArray(actual) ? actual.map(String).includes(text) : String(actual).includes(text);
  }
  const a = Number(actual);
  const b = Number(rule.value);
  const numeric = typeof actual !== 'object' && Number.isFinite(a) && Number.isFinite(b);
  const [x, y] = numeric ? [a, b] : [String(actual), String(rule.value)];
  switch (rule.op) {
    case '>':
      return x > y;
    case '>=':
      return x >= y;
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '==':
      return x === y;
    case '!=':
      return x !== y;
  }
}

/**
 * The next node that waits for someone after `fromId`: conditions are passed through (the first
 * edge in order whose rule holds, else the default branch). An end node means the request is done.
 */
export function nextStop(graph: FlowGraph, fromId: string, data: Record<string, unknown>): FlowNode {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  let edge: FlowEdge | undefined = outgoing(graph, fromId)[0];
  // Bounded by the node count: the graph was checked acyclic when it was saved.
  for (let step = 0; step <= graph.nodes.length && edge; step++) {
    const node = byId.get(edge.target)!;
    if (node.type !== 'condition') return node;
    const branches = outgoing(graph, node.id);
    edge = branches.find((e) => e.rule && ruleMatches(e.rule, data)) ?? branches.find((e) => !e.rule);
  }
  throw badRequest('approvalFlow.flowJsonInvalid');
}

export const startNode = (graph: FlowGraph): FlowNode => graph.nodes.find((n) => n.type === 'start')!;
export const nodeOf = (graph: FlowGraph, id: string | null): FlowNode | undefined =>
  graph.nodes.find((n) => n.id === id);
