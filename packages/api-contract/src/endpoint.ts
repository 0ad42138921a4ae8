import { z } from 'zod';
import { API_PREFIX } from './prefix.js';
import { type HttpMethod, rfc3986 } from './signing.js';

export type ServiceName = keyof typeof API_PREFIX;

/**
 * Who may call an endpoint. There is no default: a declaration without `access` does not
 * typecheck, and the server refuses to register one (deny by default).
 * - 'public': no session (pre-login calls);
 * - 'authenticated': any valid session;
 * - { permission }: a session whose user holds this permission string (or `*:*:*`, or is super).
 */
export type Access = 'public' | 'authenticated' | { permission: string };

type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * An endpoint as declared inside `defineGroup`: its id and whether it is signed are derived
 * there, so a declaration cannot contradict its position or its access rule.
 */
export interface EndpointDeclaration<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /**
   * Only where the id is not `group.key`: the id is the audit action already stored in the trail,
   * so an endpoint that moved to another group keeps its old one.
   */
  id?: string;
  service: ServiceName;
  method: HttpMethod;
  /** Path under the service prefix, parameters as `{name}` (SPEC style). */
  path: string;
  summary: string;
  /** Kept literal by defineEndpoint: the server types the handler's principal from it. */
  access: A;
  /** Changes state: runs in one transaction with its audit record. */
  mutates: boolean;
  /**
   * The workflow transitions this endpoint fires (set by `firing(workflow, ...actions)`, which also
   * gives `access` the transitions' permission; the server refuses to register a mismatch).
   */
  fires?: { workflow: string; actions: readonly string[] };
  /** Allowed while a password change is pending (PASSWORD_CHANGE_REQUIRED otherwise). */
  duringPasswordChange?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of the envelope's `data`. */
  data: D;
  /** Paged list: `data` is the rows and the envelope carries `total`. */
  paged?: boolean;
  /**
   * multipart/form-data upload of one file in this field. Content-MD5 is then the MD5 of the
   * file's bytes (not of the multipart body).
   */
  upload?: { field: string };
}

/** An endpoint as the server and the console use it, built by `defineGroup`. */
export interface EndpointDef<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
  A extends Access = Access,
> extends EndpointDeclaration<P, Q, B, D, A> {
  /** Stable dotted id, `group.key` (e.g. `user.page`); also the audit action. */
  id: string;
  /** Signed with the session key: every endpoint but the public (pre-login) ones. */
  signed: boolean;
}

/** Infers one declaration's schemas; use inside `defineGroup`. */
export function defineEndpoint<
  P extends AnyObject,
  Q extends AnyObject,
  B extends z.ZodType,
  D extends z.ZodType,
  A extends Access,
>(declaration: EndpointDeclaration<P, Q, B, D, A>): EndpointDeclaration<P, Q, B, D, A> {
  return declaration;
}

type DefinedGroup<T> = {
  [K in keyof T]: T[K] extends EndpointDeclaration<infer P, infer Q, infer B, infer D, infer A>
    ? EndpointDef<P, Q, B, D, A>
    : never;
};

/**
 * A group of endpoints (one key of `endpoints`): each id is `group.key` and every endpoint that
 * is not public is signed (the server refuses to register an unsigned non-public one).
 */
export function defineGroup<T extends Record<string, EndpointDeclaration>>(
  group: string,
  declarations: T,
): DefinedGroup<T> {
  const defined: Record<string, EndpointDef> = {};
  for (const [key, declaration] of Object.entries(declarations)) {
    defined[key] = {
      ...declaration,
      id: declaration.id ?? `${group}.${key}`,
      signed: declaration.access !== 'public',
    };
  }
  return defined as DefinedGroup<T>;
}

/** Full path with the service prefix, e.g. `/api/kmct-user/sys/user/{id}`. */
export function fullPath(endpoint: Pick<EndpointDef, 'service' | 'path'>): string {
  return `${API_PREFIX[endpoint.service]}${endpoint.path}`;
}

/** The URL path of a call, with `{name}` parameters filled in and encoded. */
export function endpointUrl(
  endpoint: Pick<EndpointDef, 'service' | 'path'>,
  params: Record<string, string | number> = {},
): string {
  return fullPath(endpoint).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return rfc3986(String(value));
  });
}

export type ParamsOf<E> =
  E extends EndpointDef<infer P, AnyObject, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends EndpointDef<AnyObject, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends EndpointDef<AnyObject, AnyObject, infer B, z.ZodType> ? z.input<B> : never;
export type DataOf<E> = E extends EndpointDef<AnyObject, AnyObject, z.ZodType, infer D> ? z.output<D> : never;

/** The response envelope (SPEC section 7); `total` only on paged lists. */
export const envelopeSchema = <D extends z.ZodType>(data: D) =>
  z.object({ code: z.number().int(), msg: z.string(), data, total: z.number().int().optional() });

export interface Envelope<D> {
  code: number;
  msg: string;
  data: D;
  total?: number;
}
