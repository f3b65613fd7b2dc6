import type { FastifyPluginAsync } from 'fastify';
import { auditRoutes } from '../audit/audit.routes.js';
import { auditRetentionRoutes } from '../audit/retention/retention.routes.js';
import { authorizationsRoutes } from '../authorizations/authorizations.routes.js';
import { failedUploadsRoutes } from '../failed-uploads/failed-uploads.routes.js';
import { integrationsRoutes } from '../integrations/integrations.routes.js';
import { webhooksRoutes } from '../webhooks/webhooks.routes.js';
import { appStatusRoutes } from './app-status.routes.js';

/** The operations modules: app integrations, webhooks, sponsor authorizations, failed files, audit logs and their retention, app status. */
export const operationsRoutes: FastifyPluginAsync = async (app) => {
  for (const plugin of [
    integrationsRoutes,
    webhooksRoutes,
    authorizationsRoutes,
    failedUploadsRoutes,
    auditRoutes,
    auditRetentionRoutes,
    appStatusRoutes,
  ]) {
    await app.register(plugin as FastifyPluginAsync);
  }
};
