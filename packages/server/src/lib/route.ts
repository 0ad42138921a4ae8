import {
  type DataOf,
  type EndpointDef,
  fileIdsAt,
  findFileIdFields,
  fullPath,
  IDEMPOTENCY_HEADERS,
  issueMessage,
  type Lang,
  ResultCode,
  SIGNING_HEADERS,
  workflowById,
} from '@trialab/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Executor } from '../db/client.js';
import { type AuditEntry, appendAudit, holdsSecret, redact } from './audit.js';
import { ApiError } from './errors.js';
import { requestLang, t } from './i18n.js';
import {
  claimIdempotencyKey,
  idempotencyClaimOf,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  sweepIdempotencyKeys,
} from './idempotency.js';
import { assertSafeText, STORED_HEADERS } from './input.js';
import type { Principal } from './principal.js';
import { consumeNonce, verifySignature } from './request-signature.js';
import type { HandlerDeps } from './route-domains.js';
import type { SiteScope } from './scope.js';
import { requestTimeZone } from './time-zone.js';

/** Handlers and services name the principal through the route kit. */
export type { Principal } from './principal.js';

/** Parsed (output) types of a declaration's parts. */
type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
export type ParamsOf<E extends EndpointDef> = Out<NonNullable<E['params']>>;
export type QueryOf<E extends EndpointDef> = Out<NonNullable<E['query']>>;
export type BodyOf<E extends EndpointDef> = Out<NonNullable<E['body']>>;

/** The session's principal: never null on a non-public endpoint (the pipeline refused those first). */
export type PrincipalOf<E extends EndpointDef> = 'public' extends E['access'] ? Principal | null : Principal;

/** What a handler receives; `principal` is typed from the declaration's `access`. */
export type Ctx<E extends EndpointDef, R = unknown> = CtxBase<E, R> & { principal: PrincipalOf<E> };

/** The context of any endpoint that needs a session, for helpers shared by several handlers. */
export type SessionCtx = CtxBase<EndpointDef> & { principal: Principal };

interface CtxBase<E extends EndpointDef, R = unknown> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  lang: Lang;
  now: Date;
  /** IANA zone for times in exported files: the `tz` header, else the lab zone (lib/time-zone.ts). */
  timeZone: string;
  /** The request's transaction when the endpoint mutates, else the database. */
  db: Executor;
  deps: HandlerDeps;
  /** The caller's site/project scope, looked up at the first call and kept for the request. */
  scope(): Promise<SiteScope>;
  audit(entry: AuditEntry): void;
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  /** What the route's `receive` step took in before the transaction (a streamed upload). */
  received: R;
}

/** A page of rows for `paged` endpoints. */
export class Page<T> {
  constructor(
    readonly rows: T[],
    readonly total: number,
  ) {}

  /** The same page with each row converted. */
  map<U>(convert: (row: T) => U): Page<U> {
    return new Page(this.rows.map(convert), this.total);
  }
}
/**
 * An answer other than the JSON envelope (a file download, an answer SPEC gives its own shape),
 * sent only after the request's transaction has committed: what the client receives is already
 * stored. `discard` frees what it holds (an open file) when it is never sent.
 */
export class RawReply {
  constructor(
    readonly send: (reply: FastifyReply) => Promise<unknown>,
    readonly discard: () => void = () => undefined,
  ) {}
}

type Output<E extends EndpointDef> =
  | DataOf<E>
  | (DataOf<E> extends Array<infer R> ? Page<R> : never)
  | RawReply;
export type Handler<E extends EndpointDef, R = unknown> = (ctx: Ctx<E, R>) => Promise<Output<E>>;

/** Whether the user must change the password before anything else, and why. */
export function passwordChangeReason(
  user: { mustChangePassword: boolean; passwordChangedAt: Date | null },
  now: Date,
  expireDays: number,
): 'first-login' | 'expired' | null {
  if (user.mustChangePassword || !user.passwordChangedAt) return 'first-login';
  if (user.passwordChangedAt.getTime() + expireDays * 86_400_000 <= now.getTime()) return 'expired';
  return null;
}

// zod's own texts (issueMessage's last resort); Hong Kong reads zod's Traditional Chinese (zh-TW).
const LOCALES: Record<Lang, z.core.$ZodErrorMap> = {
  zh_CN: z.locales.zhCN().localeError,
  en_US: z.locales.en().localeError,
  zh_HK: z.locales.zhTW().localeError,
};

/** Validates one part of the request; failures become a 400 naming the fields in the user's language. */
function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, lang: Lang, part: string): T {
  if (!schema) return undefined as T;
  // The input is reported so that issueMessage can tell 1e400 (Infinity) from a wrong type.
  const result = schema.safeParse(value, { error: LOCALES[lang], reportInput: true });
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 5)
    .map((issue) => `${[part, ...issue.path.map(String)].join('.')}: ${issueMessage(issue, lang)}`)
    .join('; ');
  throw new ApiError(ResultCode.BAD_REQUEST, { detail });
}

/** The success envelope of a handler's output (a Page adds `total`). */
function envelopeOf(output: unknown, lang: Lang): Record<string, unknown> {
  const page = output instanceof Page ? (output as Page<unknown>) : undefined;
  const data = page ? page.rows : output;
  const envelope: Record<string, unknown> = { code: ResultCode.OK, msg: t(lang, 'ok'), data: data ?? null };
  if (page) envelope.total = page.total;
  return envelope;
}

function bearer(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  if (typeof value !== 'string') return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(value.trim());
  return match?.[1];
}

/** Session touches are written at most this often, to spare the database. */
const TOUCH_EVERY_MS = 15_000;

async function authenticate(app: FastifyInstance, request: FastifyRequest, now: Date): Promise<Principal> {
  const { db, config, sessionCache } = app.deps;
  const { sha256Hex, findOpenSession, permissionStrings, isSessionActive } = app.deps.domains;
  const token = bearer(request);
  if (!token) throw new ApiError(ResultCode.UNAUTHORIZED, { key: 'unauthorized' });
  const tokenHash = sha256Hex(token);
  const cached = await sessionCache.load(tokenHash, now.getTime(), async () => {
    const row = await findOpenSession(db, tokenHash);
    if (!row) return undefined;
    return { row, permissions: new Set(row.user.isSuper ? [] : await permissionStrings(db, row.user.id)) };
  });
  if (!cached) throw new ApiError(ResultCode.UNAUTHORIZED, { key: 'unauthorized' });
  const { row, permissions } = cached;
  if (!isSessionActive(row, now, config.sessionIdleMs)) {
    throw new ApiError(ResultCode.UNAUTHORIZED, { key: 'unauthorized' });
  }
  return {
    sessionId: row.session.id,
    userId: row.user.id,
    username: row.user.username,
    type: row.user.type,
    isSuper: row.user.isSuper,
    permissions,
    session: row.session,
    user: row.user,
    tokenHash,
  };
}

/**
 * Registers one declared endpoint. The pipeline, in order: session, signature, nonce, forced
 * password change, permission, input validation (NUL and unpaired surrogates first, then the
 * schemas), the files the body names, handler (in a transaction with its audit records when it
 * mutates), envelope. Declarations without an access rule are refused.
 */
export function route<E extends EndpointDef, R = undefined>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E, NoInfer<R>>,
  options: {
    rateLimit?: { max: number; timeWindow: number };
    /**
     * Runs after the checks and before the transaction, outside it: a slow client streaming a
     * request body must not hold a transaction (on PGlite, the only connection). Its result is
     * the handler's `ctx.received`.
     */
    receive?: (ctx: Ctx<E, undefined>) => Promise<R>;
  } = {},
): void {
  const access: unknown = endpoint.access;
  const valid =
    access === 'public' ||
    access === 'authenticated' ||
    (typeof access === 'object' &&
      access !== null &&
      typeof (access as { permission?: unknown }).permission === 'string' &&
      (access as { permission: string }).permission.length > 0);
  if (!valid) throw new Error(`endpoint ${endpoint.id} has no access declaration: refusing to register it`);
  if (access !== 'public' && !endpoint.signed) {
    throw new Error(`endpoint ${endpoint.id} needs a session but is not signed: refusing to register it`);
  }
  // An endpoint firing workflow transitions holds exactly their permission (the contract's `firing`).
  if (endpoint.fires) {
    const workflow = workflowById(endpoint.fires.workflow);
    const permission = (access as { permission?: string }).permission;
    for (const action of endpoint.fires.actions) {
      const needed = workflow?.transitions[action]?.permission;
      if (needed === undefined || needed !== permission)
        throw new Error(
          `endpoint ${endpoint.id} fires ${endpoint.fires.workflow}.${action} (${needed ?? 'undeclared'}) but declares ${String(permission)}: refusing to register it`,
        );
    }
  }

  // Body fields naming stored files: checked for every call before the handler (file-access.ts).
  const fileFields = endpoint.body ? findFileIdFields(endpoint.body) : [];
  if (fileFields.length > 0 && access === 'public') {
    throw new Error(`endpoint ${endpoint.id} takes file ids without a session: refusing to register it`);
  }

  const url = fullPath(endpoint).replace(/\{(\w+)\}/g, ':$1');
  const routeOptions: RouteShorthandOptions = {
    schema: { hide: true },
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
  };

  app.route({
    method: endpoint.method,
    url,
    ...routeOptions,
    handler: async (request, reply) => {
      const deps = app.deps;
      const { hasPermission, touchSession, assertMayAttach } = deps.domains;
      const lang = requestLang(request.headers);
      const now = new Date(deps.clock());
      let principal: Principal | null = null;

      if (endpoint.access !== 'public') {
        principal = await authenticate(app, request, now);
        if (endpoint.signed) {
          const { nonce } = verifySignature(request, principal.session.signingKey, now.getTime(), {
            fileUpload: endpoint.upload !== undefined,
          });
          await consumeNonce(deps.relaxedDb, nonce, now.getTime());
        }
        if (
          !endpoint.duringPasswordChange &&
          passwordChangeReason(principal.user, now, deps.config.passwordExpireDays) !== null
        ) {
          throw new ApiError(ResultCode.PASSWORD_CHANGE_REQUIRED, { key: 'passwordChangeRequired' });
        }
        if (typeof endpoint.access === 'object' && !hasPermission(principal, endpoint.access.permission)) {
          throw new ApiError(ResultCode.FORBIDDEN, {
            key: 'forbidden',
            params: { operation: endpoint.access.permission },
          });
        }
        if (now.getTime() - principal.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
          await touchSession(deps.db, principal.sessionId, now);
          deps.sessionCache.touched(principal.tokenHash, now);
        }
      }

      // NUL and unpaired surrogates never reach a handler or the database, whatever the schema.
      assertSafeText(request.params, 'params', lang);
      assertSafeText(request.query, 'query', lang);
      assertSafeText(request.body, 'body', lang);
      for (const name of STORED_HEADERS) assertSafeText(request.headers[name], `headers.${name}`, lang);
      const params = parsePart(endpoint.params, request.params, lang, 'params') as ParamsOf<E>;
      const query = parsePart(endpoint.query, request.query, lang, 'query') as QueryOf<E>;
      const body = parsePart(endpoint.body, request.body, lang, 'body') as BodyOf<E>;
      if (principal && fileFields.length > 0) {
        const named = fileFields.flatMap((field) =>
          fileIdsAt(body, field.path).map((id) => ({ id, images: field.images })),
        );
        await assertMayAttach(deps.db, principal, named);
      }
      // Only calls that send the header pay for it (docs/api.md, "Idempotency keys").
      const idempotency = endpoint.mutates
        ? idempotencyClaimOf(request, endpoint, principal?.userId)
        : undefined;
      if (idempotency) await sweepIdempotencyKeys(deps.db, now, deps.config.idempotencyKeyTtlMs);

      const entries: AuditEntry[] = [];
      const workstation = request.headers.workstation;
      const actor = {
        at: now,
        userId: principal?.userId ?? null,
        username: principal?.username ?? null,
        requestId: request.id,
        workstation: typeof workstation === 'string' ? workstation.slice(0, 128) : null,
        ip: request.ip,
      };
      let scope: Promise<SiteScope> | undefined;
      const makeCtx = <T>(db: Executor, received: T): Ctx<E, T> => ({
        params,
        query,
        body,
        lang,
        now,
        timeZone: requestTimeZone(request.headers[SIGNING_HEADERS.timeZone], deps.config.labTimeZone),
        db,
        deps,
        principal: principal as PrincipalOf<E>,
        scope: () => {
          if (!principal) throw new ApiError(ResultCode.UNAUTHORIZED, { key: 'unauthorized' });
          scope ??= deps.domains.siteScope(db, principal);
          return scope;
        },
        audit: (entry) => entries.push(entry),
        request,
        reply,
        ip: request.ip,
        received,
      });
      const received = options.receive
        ? await options.receive(makeCtx(deps.db, undefined))
        : (undefined as R);

      let output: Output<E>;
      if (endpoint.mutates) {
        let deferred: ApiError | undefined;
        let produced: Output<E> | undefined;
        let replay: Record<string, unknown> | undefined;
        const committed = deps.db.transaction(async (tx) => {
          let claimId: number | undefined;
          if (idempotency) {
            const claim = await claimIdempotencyKey(tx, idempotency, now, deps.config.idempotencyKeyTtlMs);
            if ('replay' in claim) {
              // The first call's answer: no handler, no audit record, nothing written.
              replay = claim.replay;
              return null as Output<E>;
            }
            claimId = claim.id;
          }
          let result: Output<E>;
          try {
            result = await handler(makeCtx(tx, received));
          } catch (error) {
            // A failure that must still be recorded (failed login counts) commits, then answers.
            if (!(error instanceof ApiError && error.options.commit)) throw error;
            deferred = error;
            result = null as Output<E>;
          }
          produced = result;
          const [service] = endpoint.id.split('.');
          if (entries.length === 0) {
            entries.push({
              action: endpoint.id,
              entity: service ?? endpoint.id,
              newValue: deferred
                ? { failed: deferred.code, params: redact(params), body: redact(body) }
                : { params: redact(params), body: redact(body) },
            });
          }
          await appendAudit(tx, actor, entries);
          if (claimId !== undefined) {
            // Files, committed failures and answers holding a secret (a login's token) are not
            // kept: a retry with the key runs again.
            const answer = deferred || result instanceof RawReply ? undefined : envelopeOf(result, lang);
            if (answer && !holdsSecret(answer.data)) await storeIdempotentAnswer(tx, claimId, answer);
            else await releaseIdempotencyKey(tx, claimId);
          }
          return result;
        });
        output = await committed.catch((error: unknown) => {
          if (produced instanceof RawReply) produced.discard();
          throw error;
        });
        // What this request changed may be what sessions are cached from: drop them here at
        // once; other instances hear of auth-table changes through NOTIFY (session-cache.ts).
        deps.sessionCache.invalidate();
        if (deferred) throw deferred;
        if (replay) {
          reply.header(IDEMPOTENCY_HEADERS.replayed, 'true');
          return reply.code(200).send({ ...replay, msg: t(lang, 'ok') });
        }
      } else {
        output = await handler(makeCtx(deps.db, received));
      }

      if (output instanceof RawReply) {
        await output.send(reply);
        return reply;
      }
      const page = output instanceof Page ? (output as Page<unknown>) : undefined;
      const data = page ? page.rows : output;
      if (deps.config.validateResponses) {
        const checked = endpoint.data.safeParse(data);
        if (!checked.success) {
          request.log.error(
            { issues: checked.error.issues, endpoint: endpoint.id },
            'response does not match its declaration',
          );
          throw new Error(
            `response of ${endpoint.id} does not match its declaration: ${checked.error.message}`,
          );
        }
      }
      return reply.code(200).send(envelopeOf(output, lang));
    },
  });
}

type RateLimit = { max: number; timeWindow: number };

/**
 * One endpoint's entry in a group: its handler, or the handler with a rate limit; null when the
 * endpoint is deliberately not served (the outbox in production).
 */
export type GroupEntry<E extends EndpointDef> =
  | Handler<E>
  | {
      handler: Handler<E>;
      rateLimit?: RateLimit;
      /** See `route()`'s `receive`; build such an entry with `receiving()` to keep its type. */
      receive?: (ctx: Ctx<E, undefined>) => Promise<unknown>;
    }
  | null;

/** A group entry whose handler gets, as `ctx.received`, what `receive` took in before the transaction. */
export function receiving<E extends EndpointDef, R>(
  receive: (ctx: Ctx<E, undefined>) => Promise<R>,
  handler: Handler<E, R>,
): GroupEntry<E> {
  // route() hands the handler exactly what receive returned.
  return { handler: handler as unknown as Handler<E>, receive };
}

/** A handler for every declaration of a group, and nothing else. */
export type GroupHandlers<G extends Record<string, EndpointDef>> = { [K in keyof G]: GroupEntry<G[K]> };

/**
 * Registers a contract group's endpoints through `route()`. `handlers` names every endpoint of
 * the group: a missing or unknown key fails the typecheck, and registration at start-up.
 */
export function registerGroup<G extends Record<string, EndpointDef>>(
  app: FastifyInstance,
  group: G,
  handlers: GroupHandlers<G>,
): void {
  const missing = Object.keys(group).filter((key) => !Object.hasOwn(handlers, key));
  const unknown = Object.keys(handlers).filter((key) => !Object.hasOwn(group, key));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(`group handlers do not match the declarations: missing ${missing} unknown ${unknown}`);
  }
  for (const key of Object.keys(group) as Array<keyof G & string>) {
    const entry = handlers[key];
    if (entry === null) continue;
    if (typeof entry === 'function') route(app, group[key], entry);
    else route(app, group[key], entry.handler, { rateLimit: entry.rateLimit, receive: entry.receive });
  }
}
