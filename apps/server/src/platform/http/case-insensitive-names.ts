import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * ASP.NET Core binds query parameters and JSON properties case-insensitively, so Admin.NET's clients
 * send `Id`, `UserId` or `TenantId` where our schemas say `id`, `userId`, `tenantId` (and the reverse
 * where a schema keeps Admin.NET's spelling, as `sysMenu/list` does). Before validation, one hook
 * renames every key of the query string and of the JSON body (top level and nested declared
 * objects, array items included) that matches a declared property only case-insensitively to the
 * declared spelling. A key spelt exactly as declared always wins: its case-insensitive twins stay
 * undeclared, and validation drops them like any other undeclared field (app.ts: ajv
 * `removeAdditional`). Keys that match nothing are left alone for the same reason.
 *
 * What to rename is read once per schema from the route's own request schemas (compiled on first
 * use and cached per schema object), so a new route gets it the day it is added. Per request the
 * cost is one Set lookup per key; a key that is not declared costs a toLowerCase() and a Map lookup.
 */

type Schema = {
  type?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** The declared names of an object level and where nested declared objects or arrays sit. */
export interface NameNode {
  kind: 'object';
  declared: ReadonlySet<string>;
  /** Lower-case name → the declared spelling (the first declared one on a tie). */
  folded: ReadonlyMap<string, string>;
  /** Declared properties whose values have names of their own to bind. */
  nested: ReadonlyMap<string, NameNode | ArrayNode>;
}
interface ArrayNode {
  kind: 'array';
  items: NameNode | ArrayNode;
}
type Node = NameNode | ArrayNode;

/** Deeper request schemas than this are not walked (none comes close; trees are responses). */
const MAX_DEPTH = 16;

/** The object levels of a schema, its union branches (anyOf, oneOf) and allOf parts included. */
function objectLevels(schema: Schema): Schema[] {
  const parts = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return parts.filter((part) => part && typeof part === 'object' && part.properties);
}

function arrayItems(schema: Schema): Schema | undefined {
  const parts = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const part of parts) {
    if (part && typeof part === 'object' && part.items && !Array.isArray(part.items)) return part.items;
  }
  return undefined;
}

/** What to rename in values of `schema`, or undefined when nothing in it has names. */
export function compileNames(schema: unknown, depth = 0): Node | undefined {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return undefined;
  const levels = objectLevels(schema as Schema);
  if (levels.length === 0) {
    const items = arrayItems(schema as Schema);
    const child = items && compileNames(items, depth + 1);
    return child ? { kind: 'array', items: child } : undefined;
  }
  const declared = new Set<string>();
  const folded = new Map<string, string>();
  const nested = new Map<string, Node>();
  for (const level of levels) {
    for (const [name, property] of Object.entries(level.properties!)) {
      declared.add(name);
      const lower = name.toLowerCase();
      if (!folded.has(lower)) folded.set(lower, name);
      const child = nested.has(name) ? undefined : compileNames(property, depth + 1);
      if (child) nested.set(name, child);
    }
  }
  return { kind: 'object', declared, folded, nested };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * `value` with the keys that match a declared name only case-insensitively renamed to it: the same
 * object when nothing needs renaming (the usual case: one Set lookup per key), else a copy with the
 * keys in their order (deleting keys in place would turn the object into a slow dictionary).
 * Nested declared objects and array items are bound in place in their parent.
 */
export function bindNames(value: unknown, node: Node, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (node.kind === 'array') {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = bindNames(value[i], node.items, depth + 1);
    }
    return value;
  }
  if (!isPlainObject(value)) return value;
  let bound = value;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (node.declared.has(key)) continue;
    const name = node.folded.get(key.toLowerCase());
    if (name === undefined) continue;
    bound = renamed(value, keys, node);
    break;
  }
  for (const [name, child] of node.nested) {
    const inner = Object.hasOwn(bound, name) ? bound[name] : undefined;
    if (inner && typeof inner === 'object') bound[name] = bindNames(inner, child, depth + 1);
  }
  return bound;
}

/** A copy of `value` with case-insensitive matches renamed; an exact spelling present wins. */
function renamed(value: Record<string, unknown>, keys: string[], node: NameNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const taken = new Set<string>();
  for (const key of keys) if (node.declared.has(key)) taken.add(key);
  for (const key of keys) {
    let target = key;
    if (!node.declared.has(key)) {
      const name = node.folded.get(key.toLowerCase());
      // A twin of a name already bound stays undeclared, so validation drops it.
      if (name !== undefined && !taken.has(name)) {
        target = name;
        taken.add(name);
      }
    }
    // A `__proto__` key (a query string may carry one) stays data, never the copy's prototype.
    if (target === '__proto__') {
      Object.defineProperty(out, target, {
        value: value[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else out[target] = value[key];
  }
  return out;
}

/** Compiled per schema object: routes sharing a schema (IdInput, NoQuery) share the result. */
const compiled = new WeakMap<object, Node | null>();

function nodeOf(schema: unknown): Node | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  let node = compiled.get(schema);
  if (node === undefined) {
    node = compileNames(schema) ?? null;
    compiled.set(schema, node);
  }
  return node ?? undefined;
}

type RouteSchema = { querystring?: unknown; query?: unknown; body?: unknown } | undefined;

/** Binds the query string and the body of a request to its route's declared names. */
export function bindRequestNames(request: FastifyRequest): void {
  const schema = request.routeOptions.schema as RouteSchema;
  if (!schema) return;
  const query = nodeOf(schema.querystring ?? schema.query);
  if (query && request.query) request.query = bindNames(request.query, query);
  const body = nodeOf(schema.body);
  if (body && request.body && typeof request.body === 'object') request.body = bindNames(request.body, body);
}

export function registerCaseInsensitiveNames(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    bindRequestNames(request);
    done();
  });
}
