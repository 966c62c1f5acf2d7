// What every API route declares in its options, applied here in one place:
//   schema.body / querystring / params  validated by Fastify with the engine's validator
//                                       (engine/validate.ts), errors answered as our 422;
//   config.access                       who may call it (roles, a resource's permission), 403;
//   config.record                       the record its :id names, 404 before any 422.
// The order of the answers: 401 (request context) -> 403 -> 404 of the record -> 422 -> handler.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AccessRule } from '../engine/data-access';
import type { Action, ResourceDef } from '../../shared/resource';
import type { JsonSchema } from '../engine/schema';

/** Who may call a route: one rule, or one per host side (a route served on both). */
export type RouteAccess = AccessRule | { central?: AccessRule; tenant?: AccessRule };

/**
 * The record a route's path names, looked up before a body is judged (422): a declared resource's
 * record the caller may `action` (404), or the route's own lookup, which throws its refusal (404,
 * or 403 for a record the caller may not act on). Asked only when the input is refused: a valid
 * request's handler finds the record itself.
 */
export type RecordCheck = { resource: ResourceDef; action: Action } | ((request: FastifyRequest) => Promise<unknown>);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    record?: RecordCheck;
    /** The answer is serialized from its schema (the engine's list and show: fields outside it never leave). */
    serializedBySchema?: boolean;
  }
}

/** The body of an action that takes none: nothing, or an empty object. */
export const NO_BODY: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

function isSideRules(access: RouteAccess): access is { central?: AccessRule; tenant?: AccessRule } {
  return !('roles' in access) && !('permission' in access) && !('clinicRoles' in access) && !('resource' in access);
}

function ruleFor(access: RouteAccess, request: FastifyRequest): AccessRule | null {
  if (!isSideRules(access)) return access;
  return (request.hostKind.kind === 'tenant' ? access.tenant : access.central) ?? null;
}

/** Whether the caller passes a rule (a route's, or one its handler applies to a record's owner). */
export function allowed(request: FastifyRequest, access: RouteAccess): boolean {
  const rule = ruleFor(access, request);
  return rule !== null && request.data.allows(rule);
}

function paramNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
}

function methods(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** A route that takes a multipart upload states so with `consumes`; its parts are read by its handler. */
function takesMultipart(schema: RouteOptions['schema']): boolean {
  return ((schema as { consumes?: string[] } | undefined)?.consumes ?? []).some((type) => type.startsWith('multipart/'));
}

export function installRouteRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url.endsWith('/openapi.json')) return;
    const schema = (route.schema ??= {}) as Record<string, unknown>;
    const params = paramNames(route.url);
    // Path parameters are text: an id's form is judged by the input guard (404, never 422).
    if (params.length && !schema.params) {
      schema.params = { type: 'object', additionalProperties: false, required: params, properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])) };
    }
    if (methods(route).some((m) => BODY_METHODS.has(m)) && !schema.body && !takesMultipart(route.schema)) {
      throw new Error(`${methods(route).join(',')} ${route.url}: a route that takes a body states its schema (NO_BODY for none)`);
    }
    // Validation errors wait for the access and record checks below (403 and 404 come first).
    route.attachValidation = true;
    // Elsewhere an answer schema describes the answer (OpenAPI); the handler's object is sent as it is.
    if (!route.config?.serializedBySchema && schema.response) route.serializerCompiler = () => (data: unknown) => JSON.stringify(data);
  });

  // No body on a route whose body is all optional is the empty one; JSON `null` stays null (422).
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && BODY_METHODS.has(request.method) && request.routeOptions.schema?.body) request.body = {};
  });

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config ?? {};
    if (config.access) {
      const rule = ruleFor(config.access, request);
      if (!rule) request.data.refuse();
      else request.data.require(rule);
    }
    if (request.validationError) {
      const record = config.record;
      if (typeof record === 'function') await record(request);
      else if (record) await request.data.assertExists(record.resource, record.action, Number((request.params as { id: string }).id));
      throw request.validationError;
    }
  });
}
