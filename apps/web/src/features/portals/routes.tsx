import type { RouteObject } from 'react-router';

/** Placeholder routes (written by the shell); the feature replaces them with its screens. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../components/PlaceholderPage');
  return { element: <PlaceholderPage title={title} /> };
};

export const portalRoutes: RouteObject[] = [
  { path: '/sponsors', lazy: placeholder('Portals') },
  { path: '/sponsor', lazy: placeholder('Portal') },
  { path: '/sponsor/:id', lazy: placeholder('Portal') },
  { path: '/advisor-portal', lazy: placeholder('Sub-Portals') },
  { path: '/advisor-portal-details/:group', lazy: placeholder('Sub-Portal Details') },
  { path: '/basepackages', lazy: placeholder('Base Packages') },
  { path: '/packages', lazy: placeholder('Active Packages') },
];
