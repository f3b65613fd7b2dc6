import {
  listResponse,
  messageBranding,
  messageBrandingBody,
  messageBrandingQuery,
  messageIdParams,
  messageItem,
  messageKindSchema,
  messageListQuery,
  messageLocaleSchema,
  messageLogoBody,
  messageOverrideBody,
  messagePreview,
  messagePreviewQuery,
  messageSponsorQuery,
  messageTemplateItem,
  messageTemplateList,
  messageTestBody,
  serverMessage,
} from '@vault/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { failures } from '../people-common/route-failures.js';
import * as service from './messages.service.js';

const tags = ['messages'];
const templateParams = z.strictObject({ kind: messageKindSchema, locale: messageLocaleSchema });
const logoParams = z.strictObject({
  owner: z.string().regex(/^(\d{1,9}|service)\.png$/, 'Not a logo address'),
});

/** Messages people receive (issue 34): texts and overrides, branding, preview and test, the Messages list. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const required = { sponsor: 'required' as const };
  const manage = { ...required, permission: 'hasManageMessagesAccess' as const };

  app.get(
    '/api/v1/messages/templates',
    {
      config: required,
      schema: {
        tags,
        summary: "Every message's subject and opening text, in every language",
        description: "The portal's own subject and opening text where it overrides them, with the defaults beside them.",
        querystring: messageSponsorQuery,
        response: { 200: messageTemplateList, ...failures },
      },
    },
    async (request) => ({ data: await service.templates(request.ctx) }),
  );

  app.put(
    '/api/v1/messages/templates/:kind/:locale',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Override the subject and opening text of one message in one language',
        description:
          'Placeholders: {firstName}, {portalName}, {inviteCode}, {link}, {expiry}, as the kind fills them. A message with a link must keep {link} in its opening text; a paragraph holding only {link} is drawn as the button. No HTML.',
        params: templateParams,
        querystring: messageSponsorQuery,
        body: messageOverrideBody,
        response: { 200: messageTemplateItem, ...failures },
      },
    },
    async (request) => service.saveTemplate(request.ctx, request.params.kind, request.params.locale, request.body),
  );

  app.delete(
    '/api/v1/messages/templates/:kind/:locale',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reset one message to its default text',
        params: templateParams,
        querystring: messageSponsorQuery,
        response: { 200: messageTemplateItem, ...failures },
      },
    },
    async (request) => service.resetTemplate(request.ctx, request.params.kind, request.params.locale),
  );

  app.get(
    '/api/v1/messages/preview',
    {
      config: required,
      schema: {
        tags,
        summary: 'What a person of one language receives',
        description: 'The message rendered with sample values: your own first name, and a link that opens the sign-in page.',
        querystring: messageSponsorQuery.extend(messagePreviewQuery.shape),
        response: { 200: messagePreview, ...failures },
      },
    },
    async (request) => service.preview(request.ctx, request.query.kind, request.query.locale),
  );

  app.post(
    '/api/v1/messages/test',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send me a test',
        description: 'Queues the previewed message to your own address, its subject marked [Test].',
        querystring: messageSponsorQuery,
        body: messageTestBody,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.sendTest(request.ctx, request.body.kind, request.body.locale),
  );

  app.get(
    '/api/v1/messages/branding',
    {
      schema: {
        tags,
        summary: "A portal's branding of its messages (without sponsorId: the service's defaults, staff)",
        querystring: messageBrandingQuery,
        response: { 200: messageBranding, ...failures },
      },
    },
    async (request) => service.branding(request.ctx),
  );

  app.put(
    '/api/v1/messages/branding',
    {
      schema: {
        tags,
        summary: 'Set the display name, accent colour, reply-to address, footer and time zone of the messages',
        description: 'An empty value falls back to the service default. The accent colour must carry white text at 4.5:1.',
        querystring: messageBrandingQuery,
        body: messageBrandingBody,
        response: { 200: messageBranding, ...failures },
      },
    },
    async (request) => service.saveBranding(request.ctx, request.body),
  );

  app.put(
    '/api/v1/messages/branding/logo',
    {
      schema: {
        tags,
        summary: 'Upload the logo of the messages (PNG, at most 200 KB and 2000 × 2000 pixels)',
        description: 'The image is rebuilt from its drawing chunks only: text, EXIF and private chunks are dropped.',
        querystring: messageBrandingQuery,
        body: messageLogoBody,
        response: { 200: messageBranding, ...failures },
      },
    },
    async (request) => service.saveLogo(request.ctx, request.body),
  );

  app.delete(
    '/api/v1/messages/branding/logo',
    {
      schema: {
        tags,
        summary: 'Remove the logo of the messages',
        querystring: messageBrandingQuery,
        response: { 200: messageBranding, ...failures },
      },
    },
    async (request) => service.deleteLogo(request.ctx),
  );

  app.get(
    '/api/v1/message-logos/:owner',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A logo as e-mails show it (public: mail clients fetch it)',
        params: logoParams,
        /** The logo's version, so a changed logo is a new address for mail clients' caches. */
        querystring: z.strictObject({
          v: z
            .string()
            .regex(/^\d{1,15}$/)
            .optional(),
        }),
        response: { 200: z.any(), 400: failures[400], 404: failures[404] },
      },
    },
    async (request, reply) => {
      const owner = request.params.owner.replace('.png', '');
      const logo = await service.logoImage(request.server.db, owner === 'service' ? null : Number(owner));
      if (!logo) throw notFound('The logo');
      return reply
        .type(logo.type)
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'")
        .send(logo.bytes);
    },
  );

  app.get(
    '/api/v1/messages',
    {
      config: required,
      schema: {
        tags,
        summary: "The portal's messages and their delivery",
        description: 'Newest first. `search` matches part of the recipient address; filter by `kind` and `status`.',
        querystring: messageListQuery,
        response: { 200: listResponse(messageItem), ...failures },
      },
    },
    async (request) => service.list(request.ctx, request.query),
  );

  app.post(
    '/api/v1/messages/:id/send-again',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send a message again',
        params: messageIdParams,
        querystring: messageSponsorQuery,
        response: { 200: serverMessage, ...failures },
      },
    },
    async (request) => service.sendAgain(request.ctx, request.params.id),
  );
};
