import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishDocument, operationIdFor, registerContractSchemas, securityFor, withResponses } from '../openapi/document.js';

/**
 * OpenAPI generated from the same zod schemas that validate. The document is always built
 * (`app.swagger()` in-process); it is served at /api/docs only when `ui` is on (API_DOCS). The rules
 * every operation shares (operationId, security, error answers) are applied here, not in each route.
 */
export default fp(
  async (app: FastifyInstance, opts: { ui: boolean }) => {
    // One registry per app: component names would collide in zod's global one when tests build two apps.
    const registry = z.registry<{ id?: string }>();
    const parameterSchemas = new Set<unknown>();
    app.addHook('onRoute', (route) => {
      for (const key of ['querystring', 'params', 'headers'] as const) {
        const s = route.schema?.[key];
        if (s) parameterSchemas.add(s);
      }
    });
    let registered = false;
    const zodTransform = createJsonSchemaTransform({ schemaRegistry: registry });
    const zodTransformObject = createJsonSchemaTransformObject({ schemaRegistry: registry });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Vault Admin Portal API',
          version: '1.0.0',
          description: 'Errors answer `{ message, details?: [{ field, message }] }` with the status that says what went wrong.',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: '/', description: 'This instance' }],
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', description: 'The access token from POST /api/v1/authentication/login.' },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: 'The XSRF-TOKEN cookie echoed on every change.' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An integration key (integration calls only).' },
            scimBearer: {
              type: 'http',
              scheme: 'bearer',
              description: 'An integration key granted the `scim` scope, as a bearer token (SCIM calls under /scim/v2 only).',
            },
          },
        },
        security: [{ bearer: [], xsrf: [] }],
      },
      transform: (input) => {
        if (!registered) {
          registerContractSchemas(registry, parameterSchemas);
          registered = true;
        }
        const { route, url } = input;
        // The same route is registered without the trailing slash; the document lists that one.
        if (url.length > 1 && url.endsWith('/')) return { schema: { hide: true }, url };
        const schema = input.schema ?? {};
        if (schema.hide) return zodTransform(input);
        const shaped: typeof schema = {
          ...schema,
          operationId: schema.operationId ?? operationIdFor(String(route.method), url),
          security: schema.security ?? securityFor(route),
          response: withResponses(route, schema.response as Record<string, unknown> | undefined),
        };
        return zodTransform({ ...input, schema: shaped });
      },
      transformObject: (input) => finishDocument(zodTransformObject(input) as never),
    });
    if (opts.ui) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  },
  { name: 'openapi' },
);
