import type { RouteObject } from 'react-router';

/** Placeholder routes (written by the shell); the feature replaces them with its screens. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../components/PlaceholderPage');
  return { element: <PlaceholderPage title={title} /> };
};

export const peopleRoutes: RouteObject[] = [
  { path: '/sponsor-admin', lazy: placeholder('Administrators') },
  { path: '/sponsor-admin/:id/said/:said', lazy: placeholder('Administrator') },
  { path: '/sponsor-trusted-advisors', lazy: placeholder('Representatives') },
  { path: '/sponsor-trusted-advisors/:id/staid/:staid', lazy: placeholder('Representative') },
  { path: '/trusted-advisors', lazy: placeholder('Trusted Collaborators') },
  { path: '/trusted-advisor/:id', lazy: placeholder('Trusted Collaborator') },
];
