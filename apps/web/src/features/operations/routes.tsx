import type { RouteObject } from 'react-router';

/** Placeholder routes (written by the shell); the feature replaces them with its screens. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../components/PlaceholderPage');
  return { element: <PlaceholderPage title={title} /> };
};

export const operationRoutes: RouteObject[] = [
  { path: '/app-integrations', lazy: placeholder('App Integrations') },
  { path: '/sponsor-authorization', lazy: placeholder('Sponsor Authorizations') },
  { path: '/upload-failed-files', lazy: placeholder('Failed Files') },
  { path: '/audit-logs', lazy: placeholder('Audit Logs') },
  { path: '/service-status', lazy: placeholder('App Status') },
];
