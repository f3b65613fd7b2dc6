import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the same zod schemas that validate. The document is always built
 * (`app.swagger()` in-process); it is served at /api/docs only when `ui` is on (API_DOCS).
 */
export default fp(
  async (app: FastifyInstance, opts: { ui: boolean }) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Vault Admin Portal API', version: '1.0.0' },
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer' },
            xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          },
        },
        security: [{ bearer: [], xsrf: [] }],
      },
      transform: jsonSchemaTransform,
    });
    if (opts.ui) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  },
  { name: 'openapi' },
);
