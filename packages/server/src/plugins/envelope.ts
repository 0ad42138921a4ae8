import { httpStatusOf, parseLang, ResultCode, type ResultCodeValue } from '@trialab/api-contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.js';
import { type MessageKey, t } from '../lib/i18n.js';
import { md5Base64 } from '../lib/signature.js';

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

  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    const lang = parseLang(request.headers.lang);
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
    const fastifyCode = (error as FastifyError).code;
    if (status === 429) {
      return reply
        .code(429)
        .send({ code: ResultCode.TOO_MANY_REQUESTS, msg: t(lang, 'tooManyRequests'), data: null });
    }
    if (status >= 400 && status < 500) {
      let key: MessageKey = 'malformedJson';
      let httpStatus = 400;
      if (fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE') [key, httpStatus] = ['bodyTooLarge', 413];
      else if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        [key, httpStatus] = ['unsupportedMediaType', 415];
      else if (
        fastifyCode !== 'FST_ERR_CTP_EMPTY_JSON_BODY' &&
        fastifyCode !== 'FST_ERR_CTP_INVALID_JSON_BODY' &&
        !(error instanceof SyntaxError)
      ) {
        return reply.code(400).send({
          code: ResultCode.BAD_REQUEST,
          msg: t(lang, 'badRequest', { detail: error.message }),
          data: null,
        });
      }
      return reply.code(httpStatus).send({ code: ResultCode.BAD_REQUEST, msg: t(lang, key), data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: ResultCode.SERVER_ERROR, msg: t(lang, 'serverError'), data: null });
  });
});
