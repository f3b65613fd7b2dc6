import type { RouteObject } from 'react-router';

/** Operations screens (specification section 2): each loads lazily. */
export const operationRoutes: RouteObject[] = [
  { path: '/app-integrations', lazy: () => import('./AppIntegrationsPage') },
  { path: '/app-integrations/webhooks', lazy: () => import('./WebhooksPage') },
  { path: '/app-integrations/webhooks/:id', lazy: () => import('./WebhookDeliveriesPage') },
  { path: '/sponsor-authorization', lazy: () => import('./SponsorAuthorizationsPage') },
  { path: '/upload-failed-files', lazy: () => import('./FailedFilesPage') },
  { path: '/audit-logs', lazy: () => import('./AuditLogsPage') },
  { path: '/service-status', lazy: () => import('./ServiceStatusPage') },
];
