import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Route schemas compiled when a route first needs them, not at start-up: compiling the validators
 * (ajv) and serializers (fast-json-stringify) of ~740 routes was most of building the app, about
 * two seconds of every restart, and a process answers few of its routes. The compiled code is the
 * same, with the same options; a schema that does not compile fails its route's first request
 * instead of the start (the route sweeps in test/ call every route).
 */

interface Validator {
  (data: unknown): boolean | Promise<unknown>;
  errors?: unknown;
}

/** What Fastify's ajv `onCreate` hands over: its private ajv, whose `compile` builds every validator. */
interface CompilingAjv {
  compile(schema: unknown): Validator;
}

/** Makes this ajv's `compile` return a validator that compiles itself at its first call. */
export function compileOnFirstUse(ajv: CompilingAjv): void {
  const compile = ajv.compile.bind(ajv);
  ajv.compile = (schema) => {
    let validate: Validator | undefined;
    const lazy: Validator = (data) => {
      validate ??= compile(schema);
      const result = validate(data);
      // Fastify reads the errors off the function it was given.
      lazy.errors = validate.errors;
      return result;
    };
    return lazy;
  };
}

type Serialize = (data: unknown) => string;
type BuildSerializer = (externalSchemas: unknown, options: unknown) => (route: unknown) => Serialize;

/**
 * Fastify's own serializer factory (its dependency, resolved from where Fastify is, as Fastify
 * itself loads it), with each route's serializer compiled at its first use. Passed as
 * `schemaController.compilersFactory.buildSerializer` (a custom serializer changes nothing else in
 * Fastify; a custom validator would, so validators are made lazy through ajv's `onCreate`).
 */
function lazySerializers(): BuildSerializer {
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as {
    SerializerSelector: () => BuildSerializer;
  };
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: Serialize | undefined;
      return (data) => (serialize ??= compile(route))(data);
    };
  };
}

/** Fastify's `schemaController` option with serializers compiled at first use. */
export const lazySchemaController = (): FastifyServerOptions['schemaController'] =>
  ({ compilersFactory: { buildSerializer: lazySerializers() } }) as FastifyServerOptions['schemaController'];
