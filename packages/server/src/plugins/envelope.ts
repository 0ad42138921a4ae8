import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { httpStatusOf, type Lang, parseLang, ResultCode, type ResultCodeValue } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConnectionError } from '../db/errors.js';
import { files } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { StoredContentMissing } from '../lib/file-store.js';
import { type MessageKey, requestLang, t } from '../lib/i18n.js';
import { md5Base64 } from '../lib/request-signature.js';

/** Largest JSON body accepted (batch imports of dictionaries stay far below). */
export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

const DEFAULT_KEY: Partial<Record<ResultCodeValue, MessageKey>> = {
  [ResultCode.UNAUTHORIZED]: 'unauthorized',
  [ResultCode.FORBIDDEN]: 'forbidden',
  [ResultCode.NOT_FOUND]: 'notFound',
  [ResultCode.TOO_MANY_REQUESTS]: 'tooManyRequests',
  [ResultCode.STALE_VERSION]: 'staleVersion',
  [ResultCode.PASSWORD_CHANGE_REQUIRED]: 'passwordChangeRequired',
  [ResultCode.SERVER_ERROR]: 'serverError',
};

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Request line and headers together (Node's default, set explicitly so docs/api.md holds). */
export const MAX_HEADER_BYTES = 16 * 1024;

/** fastify's own client errors answered as the envelope: body code and message key. */
const FASTIFY_ERRORS: Record<string, readonly [ResultCodeValue, MessageKey]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [ResultCode.BODY_TOO_LARGE, 'bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [ResultCode.UNSUPPORTED_MEDIA_TYPE, 'unsupportedMediaType'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [ResultCode.BAD_REQUEST, 'malformedJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [ResultCode.BAD_REQUEST, 'malformedJson'],
  FST_ERR_BAD_URL: [ResultCode.BAD_REQUEST, 'malformedUrl'],
};

/**
 * URLs the router cannot decode (an escape that is not UTF-8, such as an unpaired surrogate in
 * CESU-8): fastify answers these before any route or error handler, so they get the envelope here.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [code, key] = FASTIFY_ERRORS[error.code] ?? [ResultCode.BAD_REQUEST, 'malformedRequest'];
  reply.code(httpStatusOf(code)).send({ code, msg: t(requestLang(request.headers), key), data: null });
}

/**
 * The language of a request the HTTP parser refused: its `lang` and `Accept-Language` headers if
 * they are in the bytes at hand (the last chunk read), else the default.
 */
function langOfRawRequest(raw: unknown): Lang {
  const text = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  const header = (name: string) =>
    new RegExp(`\\r\\n${name}[ \\t]*:[ \\t]*([^\\r\\n]*)`, 'i').exec(text)?.[1]?.trim();
  return parseLang(header('lang'), header('accept-language'));
}

/**
 * Requests Node's HTTP parser refuses before fastify sees them (request line and headers over
 * MAX_HEADER_BYTES, bad header characters, timeouts) get the envelope too, instead of Node's or
 * fastify's bare English JSON. The connection is closed afterwards, as Node does.
 */
export function answerClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const lang = langOfRawRequest(error.rawPacket);
  const [code, msg]: [ResultCodeValue, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [ResultCode.HEADERS_TOO_LARGE, t(lang, 'headersTooLarge', { kb: MAX_HEADER_BYTES / 1024 })]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [ResultCode.REQUEST_TIMEOUT, t(lang, 'requestTimeout')]
        : [ResultCode.BAD_REQUEST, t(lang, 'malformedRequest')];
  const status = httpStatusOf(code);
  const body = Buffer.from(JSON.stringify({ code, msg, data: null }), 'utf8');
  if (socket.writable) {
    const head =
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  }
  socket.destroy(error);
}

/**
 * JSON bodies are read as bytes so the signature check can hash exactly what was sent; every
 * error, including fastify's own, becomes the envelope in the caller's language (never a bare 500
 * for bad input).
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // JSON bodies stay small; only uploads (multipart) may reach UPLOAD_MAX_MB.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const bytes = body as Buffer;
      request.bodyMd5 = md5Base64(bytes);
      if (bytes.length === 0) return done(null, undefined);
      parseJson(request, bytes.toString('utf8'), done);
    },
  );

  app.setErrorHandler(async (error: FastifyError | ApiError | Error, request, reply) => {
    const lang = requestLang(request.headers);
    if (error instanceof ApiError) {
      const key = error.options.key ?? DEFAULT_KEY[error.code] ?? 'badRequest';
      const msg = error.options.detail
        ? t(lang, 'badRequest', { detail: error.options.detail })
        : t(lang, key, { operation: '', ...error.options.params });
      return reply
        .code(httpStatusOf(error.code))
        .send({ code: error.code, msg, data: error.options.data ?? null });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply
        .code(429)
        .send({ code: ResultCode.TOO_MANY_REQUESTS, msg: t(lang, 'tooManyRequests'), data: null });
    }
    if (status >= 400 && status < 500) {
      const known =
        FASTIFY_ERRORS[(error as FastifyError).code] ??
        (error instanceof SyntaxError ? FASTIFY_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
      const [code, msg] = known
        ? [known[0], t(lang, known[1])]
        : [ResultCode.BAD_REQUEST, t(lang, 'badRequest', { detail: error.message })];
      // The HTTP status always follows the body code (httpStatusOf), e.g. 413 with code 413.
      return reply.code(httpStatusOf(code)).send({ code, msg, data: null });
    }
    if (error instanceof StoredContentMissing) {
      // Content-addressed: every files row with this hash has lost its content.
      const fileIds = await app.deps.db
        .select({ id: files.id })
        .from(files)
        .where(eq(files.sha256, error.sha256))
        .then((rows) => rows.map((row) => row.id))
        .catch(() => 'unknown (the database did not answer)');
      request.log.error({ fileIds, sha256: error.sha256, path: error.path }, 'stored file content missing');
      return reply
        .code(httpStatusOf(ResultCode.NOT_FOUND))
        .send({ code: ResultCode.NOT_FOUND, msg: t(lang, 'fileContentMissing'), data: null });
    }
    if (isConnectionError(error)) {
      // The database is down or unreachable (docs/operations.md, "Database outage"): the pools
      // reconnect by themselves; the caller is told to try again, never a bare 500.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(httpStatusOf(ResultCode.SERVICE_UNAVAILABLE))
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ code: ResultCode.SERVICE_UNAVAILABLE, msg: t(lang, 'databaseUnavailable'), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: ResultCode.SERVER_ERROR, msg: t(lang, 'serverError'), data: null });
  });
});
