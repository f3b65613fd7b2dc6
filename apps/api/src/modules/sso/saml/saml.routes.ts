import { errorBody, samlAcsBody, sponsorCodeParam } from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../../lib/errors.js';
import { SsoRefused } from '../complete.js';
import { handOverToPortal, refuseToPortal } from '../sso.routes.js';
import { samlAcs, samlMetadata } from './saml.sign-in.js';

const tags = ['single sign-on'];
const FORM = 'application/x-www-form-urlencoded';

/**
 * The portal as a SAML service provider: its metadata for the firm's IT, and the assertion consumer
 * service the IdP's answer is posted to (HTTP-POST binding). GET /api/v1/sso/start starts the
 * sign-in (saml.sign-in.ts registers the 'saml' start).
 */
export const samlRoutes: FastifyPluginAsyncZod = async (app) => {
  // The IdP posts an HTML form: the only form-encoded body this API takes, parsed in this plugin alone.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get(
    '/api/v1/sso/saml/:sponsorCode/metadata',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: "The portal's SAML service-provider metadata",
        description:
          'For the firm’s IT to import into its identity provider: entity id, ACS URL (HTTP-POST), NameID e-mail, signed assertions wanted.',
        security: [],
        params: sponsorCodeParam,
        response: { 200: z.string().describe('application/samlmetadata+xml'), 404: errorBody },
      },
    },
    async (request, reply) => {
      const xml = await samlMetadata(app.db, request.params.sponsorCode, app.config.publicUrl);
      if (!xml) throw notFound('A portal that signs in with SAML');
      return reply.type('application/samlmetadata+xml; charset=utf-8').send(xml);
    },
  );

  app.post(
    '/api/v1/sso/saml/:sponsorCode/acs',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The identity provider's SAML answer (assertion consumer service)",
        description:
          'Form-encoded SAMLResponse and RelayState (HTTP-POST binding). A checked answer goes on to the portal page with a one-time hand-over cookie; a refusal to the login page with the code of a fixed message.',
        security: [],
        consumes: [FORM],
        params: sponsorCodeParam,
        body: samlAcsBody,
        response: { 302: errorBody.describe('Back to the portal') },
      },
    },
    async (request, reply) => {
      try {
        const { handoffToken } = await samlAcs(app.db, {
          sponsorCode: request.params.sponsorCode,
          ...request.body,
          ip: request.ip,
          publicUrl: app.config.publicUrl,
        });
        return handOverToPortal(request, reply, handoffToken);
      } catch (err) {
        if (err instanceof SsoRefused) return refuseToPortal(reply, err);
        throw err;
      }
    },
  );
};
