import {
  ALL_ENDPOINTS,
  type EndpointDef,
  fullPath,
  IDEMPOTENCY_HEADERS,
  IDEMPOTENCY_KEY_PATTERN,
  LANGS,
  ResultCode,
  SIGNING_HEADERS,
} from '@trialab/api-contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const COMPONENT_REF = '#/components/schemas/';

/**
 * The document's shared schemas. zod puts what it cannot inline (a recursive schema such as the
 * menu tree) in a `$defs` of the schema it was asked for, with `$ref`s to `#/$defs/…`; nested in an
 * operation those refs would point at the document's root, which has no `$defs`. Every such
 * definition becomes a component instead, named by its `.meta({ id })` when it has one.
 */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};

  /** Moves `json.$defs` into the components and points its refs there. */
  hoist(json: JsonSchema, context: string): JsonSchema {
    const { $defs, ...rest } = json as JsonSchema & { $defs?: Record<string, JsonSchema> };
    if (!$defs) return rest;
    const names = new Map<string, string>();
    for (const name of Object.keys($defs)) {
      // zod names a definition without an id `__schemaN`, unique only within one schema.
      names.set(name, name.startsWith('__schema') ? `${context}.${name.replace(/^_+/, '')}` : name);
    }
    const rewrite = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(rewrite);
      if (!value || typeof value !== 'object') return value;
      const out: JsonSchema = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] =
          key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')
            ? COMPONENT_REF + (names.get(inner.slice('#/$defs/'.length)) ?? inner)
            : rewrite(inner);
      }
      return out;
    };
    for (const [name, schema] of Object.entries($defs)) {
      const component = names.get(name) ?? name;
      const body = rewrite(schema) as JsonSchema;
      const existing = this.schemas[component];
      if (existing && JSON.stringify(existing) !== JSON.stringify(body)) {
        throw new Error(`Two different schemas carry the OpenAPI component name ${component}`);
      }
      this.schemas[component] = body;
    }
    return rewrite(rest) as JsonSchema;
  }
}

function schemaOf(
  components: Components,
  type: z.ZodType,
  io: 'input' | 'output',
  context: string,
): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(type, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
  }) as JsonSchema;
  return components.hoist(rest, `${context}.${io}`);
}

function accessText(endpoint: EndpointDef): string {
  if (endpoint.access === 'public') return 'public (no session)';
  if (endpoint.access === 'authenticated') return 'any logged-in user';
  return `permission \`${endpoint.access.permission}\``;
}

/** The OpenAPI 3.1 document, generated from the endpoint declarations of @trialab/api-contract. */
export function buildOpenApi(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const components = new Components();
  for (const endpoint of ALL_ENDPOINTS) {
    const jsonOf = (type: z.ZodType, io: 'input' | 'output', part: string) =>
      schemaOf(components, type, io, `${endpoint.id}.${part}`);
    const parameters: JsonSchema[] = [];
    for (const [where, schema] of [
      ['path', endpoint.params],
      ['query', endpoint.query],
    ] as const) {
      if (!schema) continue;
      const json = jsonOf(schema, 'input', where);
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
    if (endpoint.mutates) {
      parameters.push({
        name: IDEMPOTENCY_HEADERS.key,
        in: 'header',
        required: false,
        description:
          'A repeat with the same key and request answers the first answer (header Idempotent-Replayed: true) and writes nothing; another request with the key: 4094',
        schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      });
    }
    parameters.push({ name: 'lang', in: 'header', required: false, schema: { enum: [...LANGS] } });
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
        data: jsonOf(endpoint.data, 'output', 'data'),
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
        content: { 'application/json': { schema: jsonOf(endpoint.body, 'input', 'body') } },
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
    components: {
      schemas: components.schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    paths,
  };
}
