import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NET_OPERATIONS, SPEC_CALLS, type Operation } from './admin-net-contract.js';
import { ADMIN_NET_OTHER_CONTROLLERS, KNOWN_GAPS } from './admin-net-gaps.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Issue 9: organisations that run Admin.NET point its clients at Lintel. For every controller of
 * Admin.NET that Lintel has, every operation of Admin.NET's API table exists here with the same
 * verb and path (path parameters compared by shape), or is a known gap of another open issue.
 */
const METHODS = { G: 'GET', P: 'POST', U: 'PUT', D: 'DELETE' } as const;

/** `GET /api/sysUser/ownRoleList/{}`: the route's shape, whatever its parameters are called. */
const shapeOf = (method: string, path: string) => `${method} ${path.replace(/\{\w+\}|:\w+/g, '{}')}`;

const operationShape = (controller: string, operation: Operation) => {
  const [verb, action] = operation.split(' ') as [keyof typeof METHODS, string];
  return shapeOf(METHODS[verb], `/api/${controller}/${action}`);
};

const all = Object.entries(ADMIN_NET_OPERATIONS).flatMap(([controller, operations]) =>
  operations.map((operation) => ({
    controller,
    operation,
    name: `${operation.slice(0, 2)}${controller}/${operation.slice(2)}`,
  })),
);

let t: TestApp;
let served: Set<string>;
beforeAll(async () => {
  t = await createTestApp();
  served = new Set(t.app.routeTable.map((route) => shapeOf(route.method, route.url)));
});
afterAll(async () => t?.close());

describe('Admin.NET operations of the controllers Lintel has', () => {
  it.each(all.filter((op) => !KNOWN_GAPS[op.name]))('$name', ({ controller, operation }) => {
    expect(served.has(operationShape(controller, operation)), operationShape(controller, operation)).toBe(
      true,
    );
  });

  // Reported, not silently passed: each names the issue its module belongs to.
  for (const [name, gap] of Object.entries(KNOWN_GAPS)) {
    it.todo(`${name}: known gap, ${gap.issue} (${gap.why})`);
  }

  it('lists as known gaps only operations of the table that are still missing', () => {
    const stale = Object.keys(KNOWN_GAPS).filter((name) => {
      const op = all.find((o) => o.name === name);
      return !op || served.has(operationShape(op.controller, op.operation));
    });
    expect(stale, 'served now or not in the table: take them off KNOWN_GAPS').toEqual([]);
  });

  it('covers every Admin.NET controller Lintel serves a route of', () => {
    const controllers = new Set(t.app.routeTable.map((route) => route.url.split('/')[2]!));
    // A controller of Admin.NET's table with a route here must have its operations in the fixture.
    const uncovered = [...controllers].filter((c) => ADMIN_NET_OTHER_CONTROLLERS.includes(c));
    expect(uncovered, 'copy their operations from reference/admin-net.md into admin-net-contract.ts').toEqual(
      [],
    );
    // And every controller of the fixture is one Lintel has; the two lists do not overlap.
    expect(Object.keys(ADMIN_NET_OPERATIONS).filter((c) => !controllers.has(c))).toEqual([]);
    const known = new Set([...Object.keys(ADMIN_NET_OPERATIONS), ...ADMIN_NET_OTHER_CONTROLLERS]);
    expect(known.size).toBe(Object.keys(ADMIN_NET_OPERATIONS).length + ADMIN_NET_OTHER_CONTROLLERS.length);
  });
});

describe('the calls of SPEC section 7', () => {
  it.each(SPEC_CALLS)('%s', (call) => {
    const [verb, path] = call.split(' ') as [keyof typeof METHODS, string];
    const shape = shapeOf(METHODS[verb], `/api/${path}`);
    expect(served.has(shape), shape).toBe(true);
  });
});
