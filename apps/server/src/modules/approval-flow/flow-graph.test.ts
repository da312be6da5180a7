import type { FlowGraph } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { nextStop, parseFlowGraph, ruleMatches } from './flow-graph.js';

/** The structural rules of a flow graph and the walk from node to node, without a database. */
const user = { kind: 'user' as const, ids: ['1300000000112'] };
const graph: FlowGraph = {
  nodes: [
    { id: 's', type: 'start', name: 'Start' },
    { id: 'c', type: 'condition', name: 'Amount?' },
    { id: 'c2', type: 'condition', name: 'Kind?' },
    { id: 'big', type: 'approver', name: 'Director', approver: user },
    { id: 'it', type: 'approver', name: 'IT', approver: user },
    { id: 'small', type: 'approver', name: 'Lead', approver: user },
    { id: 'e', type: 'end', name: 'End' },
  ],
  edges: [
    { id: '1', source: 's', target: 'c' },
    { id: '2', source: 'c', target: 'big', rule: { field: 'amount', op: '>', value: 1000 } },
    { id: '3', source: 'c', target: 'c2' },
    { id: '4', source: 'c2', target: 'it', rule: { field: 'kind', op: '==', value: 'laptop' } },
    { id: '5', source: 'c2', target: 'small', rule: null },
    { id: '6', source: 'big', target: 'e' },
    { id: '7', source: 'it', target: 'e' },
    { id: '8', source: 'small', target: 'e' },
  ],
};
const refusal = (g: unknown) => {
  try {
    parseFlowGraph(JSON.stringify(g));
    return 'accepted';
  } catch (error) {
    return (error as { key: string }).key;
  }
};

describe('flow graph', () => {
  it('walks conditions in order to the next approver, or to the end', () => {
    expect(parseFlowGraph(JSON.stringify(graph))).toEqual(graph);
    expect(nextStop(graph, 's', { amount: 5000 }).id).toBe('big');
    expect(nextStop(graph, 's', { amount: '20', kind: 'laptop' }).id).toBe('it');
    expect(nextStop(graph, 's', { kind: 'chair' }).id).toBe('small');
    expect(nextStop(graph, 'big', {}).type).toBe('end');
  });

  it('compares numbers as numbers and text as text; a missing answer matches nothing', () => {
    expect(ruleMatches({ field: 'n', op: '>=', value: 9 }, { n: 10 })).toBe(true);
    expect(ruleMatches({ field: 'n', op: '<', value: '9' }, { n: '10' })).toBe(false);
    expect(ruleMatches({ field: 'n', op: '!=', value: 1 }, {})).toBe(false);
    expect(ruleMatches({ field: 'tags', op: 'contains', value: 'a' }, { tags: ['a', 'b'] })).toBe(true);
    expect(ruleMatches({ field: 's', op: '==', value: 'x' }, { s: 'x' })).toBe(true);
  });

  it('refuses each broken structure with its own message', () => {
    const without = (id: string) => ({
      nodes: graph.nodes.filter((n) => n.id !== id),
      edges: graph.edges.filter((e) => e.source !== id && e.target !== id),
    });
    expect(refusal({ nodes: [], edges: [] })).toBe('approvalFlow.oneStart');
    expect(refusal(without('e'))).toBe('approvalFlow.noEnd');
    expect(refusal({ ...graph, edges: graph.edges.filter((e) => e.id !== '3') })).toBe(
      'approvalFlow.conditionDefault',
    );
    expect(refusal({ ...graph, edges: [...graph.edges, { id: '9', source: 'big', target: 'small' }] })).toBe(
      'approvalFlow.oneOutgoing',
    );
    expect(refusal({ ...graph, edges: [...graph.edges, { id: '9', source: 'e', target: 'small' }] })).toBe(
      'approvalFlow.endHasOutgoing',
    );
    expect(refusal({ ...graph, edges: [...graph.edges, { id: '9', source: 'x', target: 'e' }] })).toBe(
      'approvalFlow.badEdge',
    );
    expect(
      refusal({
        ...graph,
        nodes: [...graph.nodes, { id: 'lost', type: 'approver', name: 'Lost', approver: user }],
        edges: [...graph.edges, { id: '9', source: 'lost', target: 'e' }],
      }),
    ).toBe('approvalFlow.unreachable');
    expect(
      refusal({
        ...graph,
        nodes: graph.nodes.map((n) => (n.id === 'it' ? { ...n, approver: undefined } : n)),
      }),
    ).toBe('approvalFlow.approverMissing');
    expect(refusal({ ...graph, nodes: [...graph.nodes, graph.nodes[1]] })).toBe('approvalFlow.duplicateNode');
    expect(refusal('not a graph')).toBe('approvalFlow.flowJsonInvalid');
  });
});
