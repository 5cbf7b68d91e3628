import { createRequire } from 'node:module';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SwaggerOptions } from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { API_BASE } from '@clearport/contract/paths';
import {
  BROKER_API_BASE,
  BROKER_API_PATHS,
  MAX_BATCH_PARTS,
  MAX_MULTIPART_BYTES,
  MULTIPART_RECORDS_FIELD,
} from '@clearport/contract/ingestion';
import { registerIngestionDocs } from '@clearport/contract/ingestion-docs';
import { ErrorResponse } from '@clearport/contract/http';
import { SESSION_SECRET_COOKIE } from '@clearport/contract/sessions';
import { FILE_KEY_PARAM } from '../lib/refusal.ts';
import { CALL_SUMMARIES } from './api-summaries.ts';

/**
 * OpenAPI 3.1 descriptions generated from the routes' zod schemas (the contract), never written by
 * hand: the customer API at /api/docs and the brokerage's at /api/broker/docs, each as JSON
 * (`/json`) and as an interactive page (Swagger UI, served from node_modules like any other file).
 */
export const API_DOCS = {
  customer: { page: `${API_BASE}/docs`, title: 'Clearport customer API' },
  broker: { page: `${BROKER_API_BASE}/docs`, title: 'Clearport broker API' },
} as const;
const ASSETS_PREFIX = `${API_BASE}/docs/assets/`;
const INIT_SCRIPT = `${API_BASE}/docs/init.js`;

/** Some routes take what JSON Schema cannot say (a transform); those parts read as "any value". */
const zodToJsonConfig = { unrepresentable: 'any' } as const;

const transformSchema = createJsonSchemaTransform({ zodToJsonConfig });

const SWAGGER_OPTIONS: SwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: { title: 'Clearport', version: '1' },
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The request token the login call answers (POST /api/user/login, or a sign-in link through ' +
            'POST /api/user/session/exchange). It works only beside the session cookie the same reply sets.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_SECRET_COOKIE.plain,
          description:
            'The session secret, set HttpOnly by the login reply (__Host-session over https, session on ' +
            'plain http); a call needs it and the bearer token together. It lasts a day, and ends after ' +
            'SESSION_IDLE_MINUTES (30) unused.',
        },
        brokerKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API key of the brokerage: POST /api/broker/v1/admin/api-keys with a key of the admin scope, ' +
            'or npm run broker -- api-keys create NAME. A key may make the calls its scopes name ' +
            '(records, events, files, admin); another call answers 403, a revoked or expired key 401.',
        },
      },
    },
  },
  transform: (input) => {
    const { schema, url } = namedFileKey(transformSchema(input));
    // Every call carries a one-line summary (a test holds each to one).
    const summary = CALL_SUMMARIES[`${String(input.route.method)} ${input.url}`];
    return { schema: summary ? { summary, ...schema } : schema, url };
  },
  transformObject: createJsonSchemaTransformObject({ zodToJsonConfig }),
};

type Described = { schema: FastifySchema; url: string };

/**
 * A file's path ends in its storage key, slashes and all, which the router takes as its wildcard,
 * `*`: the description names it FILE_KEY_PARAM (`key`), a path parameter a client fills in as the file's URL has it.
 */
function namedFileKey({ schema, url }: Described): Described {
  const params = schema?.params as { properties?: Record<string, object>; required?: string[] } | undefined;
  const wildcard = params?.properties?.['*'];
  if (!url.endsWith('/*') || !params || !wildcard) return { schema, url };
  const key = {
    ...wildcard,
    description:
      "The file's storage key, the path after `/files/` in the URL an event or a shipment names " +
      '(`documents/….pdf`); its slash may be sent as it is or as `%2F`.',
  };
  return {
    schema: { ...schema, params: { ...params, properties: { [FILE_KEY_PARAM]: key }, required: [FILE_KEY_PARAM] } },
    url: `${url.slice(0, -1)}:${FILE_KEY_PARAM}`,
  };
}

/**
 * What the description says of a route that its schema cannot, read by the describer alone (the
 * route validates and sends as before): the reply of a route that sends JSON the database wrote
 * (`reply`), a file's media types (`files`), a body the handler reads itself (`body`, sent as
 * `consumes`).
 */
export type DocumentedRoute = {
  reply?: ZodType;
  files?: readonly string[];
  body?: ZodType;
  consumes?: readonly string[];
};

/** A file's bytes, as OpenAPI names them. */
const FILE_BYTES = z.string().meta({ format: 'binary' });

/** A route's schema as the describer reads it: its own, with what `documented` adds. */
function describedSchema(schema: RouteOptions['schema'], documented: DocumentedRoute | undefined) {
  if (!documented) return schema;
  const { reply, files, body, consumes } = documented;
  const fileReply = files && {
    description: 'The file: its bytes, of the media type it was stored or written as.',
    content: Object.fromEntries(files.map((type) => [type, { schema: FILE_BYTES }])),
  };
  const ok = reply ?? fileReply;
  return {
    ...schema,
    ...(body && { body }),
    ...(consumes && { consumes: [...consumes] }),
    response: { ...(ok && { 200: ok }), ...(schema?.response as object | undefined) },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the API description says of the route that its schema cannot (DocumentedRoute). */
    documented?: DocumentedRoute;
  }

  interface FastifyInstance {
    /**
     * The OpenAPI description of every route added after apiDocsGenerator, made at the first call
     * (@fastify/swagger, which the start does not load: a fifth of the server's own start).
     */
    describeApi: () => Promise<unknown>;
  }
}

/**
 * Registers the generator; it must come before the routes, which it notes as they are added. The
 * description is made from them when it is first asked for: @fastify/swagger reads the same routes
 * in an instance of their own that serves nothing.
 */
export const apiDocsGenerator = fp(
  async (app) => {
    // The records and events named as components, with their descriptions and examples.
    registerIngestionDocs();
    const routes: RouteOptions[] = [];
    // @fastify/swagger leaves out the HEAD twin of each GET, which the instance below adds again.
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') routes.push(route);
    });
    let described: Promise<unknown> | undefined;
    const describe = async () => {
      const { default: swagger } = await import('@fastify/swagger');
      const describer = Fastify();
      // Nothing is validated or sent there: no schema is compiled.
      describer.setValidatorCompiler(() => () => true);
      describer.setSerializerCompiler(() => (data) => JSON.stringify(data));
      await describer.register(swagger, SWAGGER_OPTIONS);
      for (const { method, url, schema, config } of routes) {
        const documented = (config as { documented?: DocumentedRoute } | undefined)?.documented;
        describer.route({
          method,
          url,
          schema: describedSchema(schema, documented),
          config,
          handler: async () => null,
        });
      }
      await describer.ready();
      return describer.swagger();
    };
    app.decorate('describeApi', () => (described ??= describe()));
  },
  { name: 'api-docs-generator' },
);

type OpenApiDocument = {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  [field: string]: unknown;
};

/** The credentials of each API, as the description's security schemes name them: each describes only its own. */
const SECURITY_SCHEMES: Record<keyof typeof API_DOCS, readonly string[]> = {
  customer: ['session', 'sessionCookie'],
  broker: ['brokerKey'],
};

/** The whole description narrowed to one API: its paths, each operation behind its credential. */
function documentOf(whole: OpenApiDocument, api: keyof typeof API_DOCS): OpenApiDocument {
  const isBroker = (route: string) => route.startsWith(`${BROKER_API_BASE}/`);
  const security = [Object.fromEntries(SECURITY_SCHEMES[api].map((scheme) => [scheme, []]))];
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {})
      .filter(([route]) => route.startsWith(`${API_BASE}/`) && isBroker(route) === (api === 'broker'))
      .map(([route, operations]) => [
        route,
        Object.fromEntries(
          Object.entries(operations).map(([method, operation]) => {
            const described = { security, ...operation };
            const needsCredential = Array.isArray(described.security) && described.security.length > 0;
            return [
              method,
              {
                ...described,
                ...(operation.requestBody ? { requestBody: describedBody(operation.requestBody) } : {}),
                responses: describedResponses(operation.responses, { needsCredential, api }),
              },
            ];
          }),
        ),
      ]),
  );
  const records = paths[`${BROKER_API_BASE}${BROKER_API_PATHS.records}`]?.post as
    { requestBody?: { content?: Record<string, unknown> } } | undefined;
  // The same batch as multipart/form-data, which the JSON schema of the route cannot say.
  if (records?.requestBody?.content) records.requestBody.content['multipart/form-data'] = MULTIPART_BATCH;
  const components = whole.components as
    { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> } | undefined;
  const securitySchemes = Object.fromEntries(
    Object.entries(components?.securitySchemes ?? {}).filter(([name]) => SECURITY_SCHEMES[api].includes(name)),
  );
  return {
    ...whole,
    info: { ...whole.info, title: API_DOCS[api].title },
    paths,
    components: { ...components, securitySchemes, schemas: reachableSchemas(paths, components?.schemas ?? {}) },
  };
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * The named schemas the paths use, directly or through another: one API's description leaves
 * out the other's, and the names no call uses (the records' output forms).
 */
function reachableSchemas(paths: unknown, schemas: Record<string, unknown>): Record<string, unknown> {
  const reached = new Set<string>();
  const follow = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(SCHEMA_REF)) {
      if (name === undefined || reached.has(name) || !(name in schemas)) continue;
      reached.add(name);
      follow(schemas[name]);
    }
  };
  follow(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
}

/** What each status means, for every call; @fastify/swagger says "Default Response" of each. */
const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  '200': 'Done, or read: the body is the answer.',
  '201': 'Created: the body is the new record.',
  '400':
    'Refused, and nothing written: `message` says why, naming the field first (`field`); `errors` lists each ' +
    "refusal, and `issues` each field at fault with its refusal when the request broke the call's schema.",
  '404': 'There is no such record, or it is not yours to read.',
  '409': 'The record changed meanwhile, or is busy: `message` says what to do.',
  '413': 'The body is larger, or holds more records or file parts, than the call takes.',
  '415': 'The body is not of a type the call takes: send JSON (`Content-Type: application/json`).',
  '422': 'The request key (`Idempotency-Key`) was used with another request.',
  '429': 'Too many tries: send it again after `Retry-After` seconds.',
  '500':
    "The server failed: nothing of the request's current transaction was written. Send the same request again " +
    '(records already written answer unchanged).',
  '503':
    'The database cannot be reached, or is busy with another writer: send the same request again after ' +
    '`Retry-After` seconds.',
};

/** The refusals a call may answer besides those it lists, in each API: the broker's takes no request key. */
const OTHER_REFUSALS: Record<keyof typeof API_DOCS, string> = {
  customer:
    'Refused, and nothing written: 400 bad input (`message` names the field first, `field`), 401 no live ' +
    'credential, 403 a credential that may not make this call, 404 no such record or not yours, 405 a method ' +
    'the path does not answer (`Allow` names those it does), 409 changed meanwhile, 413 too large, 415 not ' +
    'JSON, 422 a request key (`Idempotency-Key`) reused, 429 too many tries (after `Retry-After` seconds).',
  broker:
    'Refused, and nothing written: 400 bad input (`message` names the field first, `field`), 401 no live ' +
    'key, 403 a key whose scopes do not name this call, 404 no such record, 405 a method the path does not ' +
    'answer (`Allow` names those it does), 409 changed meanwhile, 413 too large (the body, or more records or ' +
    'file parts than a batch takes), 415 not JSON, 429 too many tries (after `Retry-After` seconds).',
};

/** What a missing or insufficient credential means in each API. */
const CREDENTIAL_RESPONSES: Record<keyof typeof API_DOCS, Record<'401' | '403', string>> = {
  customer: {
    '401':
      'No live session: the bearer token or the session cookie is missing or wrong, or the session ended (a ' +
      'logout, a day after the login, or unused for SESSION_IDLE_MINUTES).',
    '403': "The user's role may not make this call, or the request came from another site.",
  },
  broker: {
    '401': 'No live API key: the key is missing, wrong, revoked or expired.',
    '403': "The key's scopes do not include this call.",
  },
};

/** The body of every refusal and failure (ErrorResponse), as JSON Schema: made with the description, not at start. */
const errorContent = () => ({ 'application/json': { schema: z.toJSONSchema(ErrorResponse) } });

/** Sent with a 429 and a 503: how long to wait before sending the request again. */
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait before sending the same request again.', schema: { type: 'integer' } },
};

/**
 * An operation's responses with what each status means; the refusals every call may answer (bad
 * input, and a missing or dead credential where it needs one), as `4XX` where the route names none
 * of its own; and the server's failures. A 429 and a 503 carry Retry-After.
 */
function describedResponses(
  responses: unknown,
  { needsCredential, api }: { needsCredential: boolean; api: keyof typeof API_DOCS },
): Record<string, Record<string, unknown>> {
  const listed = { ...(responses as Record<string, Record<string, unknown>> | undefined) };
  const refusals = Object.keys(listed).filter((status) => status.startsWith('4'));
  if (refusals.length === 0) listed['4XX'] = { description: '', content: errorContent() };
  else if (needsCredential && !refusals.some((status) => status === '401' || status.toUpperCase() === '4XX')) {
    listed['401'] = { description: '', content: errorContent() };
  }
  for (const status of ['500', '503']) listed[status] ??= { description: '' };
  return Object.fromEntries(
    Object.entries(listed).map(([status, response]) => [
      status,
      {
        ...response,
        description:
          response.description && response.description !== 'Default Response'
            ? response.description
            : status === '401' || status === '403'
              ? CREDENTIAL_RESPONSES[api][status]
              : status.toUpperCase() === '4XX'
                ? OTHER_REFUSALS[api]
                : (RESPONSE_DESCRIPTIONS[status] ?? 'See `message`.'),
        ...((status === '429' || status === '503') && { headers: RETRY_AFTER }),
      },
    ]),
  );
}

/** A body the route takes as null, or not at all, is optional; @fastify/swagger marks every body required. */
function describedBody(body: unknown): unknown {
  const json = (body as { content?: Record<string, { schema?: { anyOf?: Array<{ type?: unknown }> } }> }).content?.[
    'application/json'
  ];
  const isNullable = json?.schema?.anyOf?.some((option) => option.type === 'null') ?? false;
  return isNullable ? { ...(body as object), required: false } : body;
}

/** A batch as multipart/form-data: the records as JSON text in one field, the files as file parts. */
const MULTIPART_BATCH = {
  schema: {
    type: 'object',
    required: [MULTIPART_RECORDS_FIELD],
    properties: {
      [MULTIPART_RECORDS_FIELD]: {
        type: 'string',
        contentMediaType: 'application/json',
        description:
          'The records array as JSON text (the array itself, not an object around it); each item an ' +
          'IngestionRecordInput. A record file names its file part by `part` instead of carrying content_base64.',
      },
    },
    additionalProperties: {
      type: 'string',
      contentMediaType: 'application/pdf',
      description: `A file part, named as a record's file names it by \`part\` (at most ${MAX_BATCH_PARTS} parts, ${MAX_MULTIPART_BYTES / 1024 / 1024} MB in all).`,
    },
  },
};

/** The interactive page: Swagger UI reading the page's own description. Scripts are files, as the CSP wants. */
const pageOf = (api: keyof typeof API_DOCS) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${API_DOCS[api].title}</title>
<link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-url="${API_DOCS[api].page}/json"></div>
<script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
<script src="${INIT_SCRIPT}"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: document.getElementById('swagger-ui').dataset.url,
  dom_id: '#swagger-ui',
  deepLinking: true,
});
`;

/** The pages and descriptions; registered after every route, so the descriptions hold them all. */
export async function apiDocsRoutes(app: FastifyInstance): Promise<void> {
  const documents = new Map<keyof typeof API_DOCS, OpenApiDocument>();
  const describe = async (api: keyof typeof API_DOCS) => {
    let document = documents.get(api);
    if (!document) {
      document = documentOf((await app.describeApi()) as OpenApiDocument, api);
      documents.set(api, document);
    }
    return document;
  };
  for (const api of Object.keys(API_DOCS) as Array<keyof typeof API_DOCS>) {
    app.get(`${API_DOCS[api].page}/json`, { schema: { hide: true } }, async () => describe(api));
    app.get(API_DOCS[api].page, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').send(pageOf(api)),
    );
    // The address as often typed, with a slash: the page itself, whose asset addresses are its own.
    app.get(`${API_DOCS[api].page}/`, { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(API_DOCS[api].page, 301),
    );
  }
  app.get(INIT_SCRIPT, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
  );
  const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => ['/swagger-ui.css', '/swagger-ui-bundle.js'].includes(pathName),
  });
}
