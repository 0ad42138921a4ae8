import {
  ALL_ENDPOINTS,
  type EndpointDef,
  fullPath,
  ResultCode,
  SIGNING_HEADERS,
} from '@trialab/api-contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(type, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return rest;
}

function accessText(endpoint: EndpointDef): string {
  if (endpoint.access === 'public') return 'public (no session)';
  if (endpoint.access === 'authenticated') return 'any logged-in user';
  return `permission \`${endpoint.access.permission}\``;
}

/** The OpenAPI 3.1 document, generated from the endpoint declarations of @trialab/api-contract. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of ALL_ENDPOINTS) {
    const parameters: JsonSchema[] = [];
    for (const [where, schema] of [
      ['path', endpoint.params],
      ['query', endpoint.query],
    ] as const) {
      if (!schema) continue;
      const json = schemaOf(schema, 'input');
      const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((json.required as string[] | undefined) ?? []);
      for (const [name, property] of Object.entries(properties)) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.has(name),
          schema: property,
        });
      }
    }
    if (endpoint.signed) {
      for (const name of [SIGNING_HEADERS.timestamp, SIGNING_HEADERS.nonce, SIGNING_HEADERS.signature]) {
        parameters.push({ name, in: 'header', required: true, schema: { type: 'string' } });
      }
      if (endpoint.method === 'POST' || endpoint.method === 'PUT') {
        parameters.push({
          name: SIGNING_HEADERS.contentMd5,
          in: 'header',
          required: true,
          schema: { type: 'string' },
        });
      }
    }
    parameters.push({ name: 'lang', in: 'header', required: false, schema: { enum: ['zh_CN', 'en_US'] } });
    parameters.push({
      name: SIGNING_HEADERS.timeZone,
      in: 'header',
      required: false,
      description: 'IANA time zone for times in exported files; the lab zone when missing or unknown',
      schema: { type: 'string', example: 'Asia/Shanghai' },
    });
    const envelope: JsonSchema = {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: {
        code: { type: 'integer', const: ResultCode.OK },
        msg: { type: 'string' },
        data: schemaOf(endpoint.data, 'output'),
        ...(endpoint.paged ? { total: { type: 'integer' } } : {}),
      },
    };
    const operation: Record<string, unknown> = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: `Access: ${accessText(endpoint)}. ${endpoint.signed ? 'Signed.' : 'Unsigned.'} ${
        endpoint.mutates ? 'Changes state (audited).' : 'Read-only.'
      }${endpoint.duringPasswordChange ? ' Allowed while a password change is pending.' : ''}`,
      tags: [endpoint.id.split('.')[0]],
      parameters,
      responses: {
        200: { description: 'Success envelope', content: { 'application/json': { schema: envelope } } },
        default: { description: 'Error envelope {code, msg, data} (see docs/api.md for codes)' },
      },
      'x-access': endpoint.access,
      'x-signed': endpoint.signed,
      'x-mutates': endpoint.mutates,
      ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: !endpoint.body.safeParse(undefined).success,
        content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } },
      };
    }
    const path = fullPath(endpoint);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Trialab API',
      version,
      description:
        'Generated from @trialab/api-contract. Envelope, codes, signing and auth flows: docs/api.md.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
