// A route is declared once: path, schemas, responses and handler. The router, the request
// validator and the OpenAPI document are all derived from these declarations.
import type Koa from 'koa';
import type { TSchema, TObject, Static } from '@sinclair/typebox';
import type { Principal } from '../commands/command-context.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

export interface ResponseSpec {
  description: string;
  schema?: TSchema;
  /** Defaults to application/json. */
  contentType?: string;
  headers?: Record<string, { description: string; schema: TSchema }>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  principal: Principal;
  /** What the route's `authorize` step answered (undefined without one). */
  authorized?: unknown;
}

// Defaults of `any` let a heterogeneous list of specs be typed RouteSpec[]; each spec itself is inferred exactly.
/* eslint-disable @typescript-eslint/no-explicit-any */
export interface RouteSpec<
  P extends TObject | undefined = any,
  Q extends TObject | undefined = any,
  B extends TSchema | undefined = any,
> {
  /* eslint-enable @typescript-eslint/no-explicit-any */
  method: HttpMethod;
  /** OpenAPI style: /api/operations/{operation_id} */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Bearer API key required (every route except health and browser login). */
  auth: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A multipart/form-data body, for the OpenAPI document only: the handler reads the stream
   * itself (files go to storage as they arrive), so nothing parses or validates it beforehand.
   */
  multipartBody?: TSchema;
  /**
   * Access check from the path alone (the resource the path names), run after authentication and
   * before the body is read: a refused request never has its body parsed. Throws to refuse; what it
   * answers reaches the handler as `authorized` (so the resource is not looked up twice).
   */
  authorize?: (input: { params: Record<string, string>; principal: Principal }) => Promise<unknown>;
  /**
   * A POST that creates something: its handler writes through writeOnce (api/idempotent-write.ts), so
   * an Idempotency-Key header makes a retry answer the first write instead of writing again. The
   * OpenAPI document gets the header and the 409 and 503 answers that go with it.
   */
  idempotent?: boolean;
  /** Ignore query parameters not in the schema (OGC clients add their own); default true. */
  responses: Record<number, ResponseSpec>;
  handler: (
    ctx: Koa.ParameterizedContext,
    input: RouteInput<
      P extends TObject ? Static<P> : Record<string, never>,
      Q extends TObject ? Static<Q> : Record<string, never>,
      B extends TSchema ? Static<B> : undefined
    >,
  ) => Promise<void>;
}

/** Whether a route's path names a resource (it has a path parameter). */
export const pathNamesResource = (route: Pick<RouteSpec, 'path'>) => /\{[^}]+\}/.test(route.path);

/**
 * Keeps the literal types of a route declaration (and so the handler's input types). A route whose
 * path names a resource and that takes a body must check access in `authorize`: otherwise a caller
 * without access to the resource would learn from a 422 what the body should hold, and the body
 * would be read for a request about to be refused.
 */
export function defineRoute<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TSchema | undefined,
>(spec: RouteSpec<P, Q, B>): RouteSpec<P, Q, B> {
  if ((spec.body || spec.multipartBody) && pathNamesResource(spec) && !spec.authorize) {
    throw new Error(`${spec.operationId}: its path names a resource and it takes a body, so it must declare authorize`);
  }
  return spec;
}
