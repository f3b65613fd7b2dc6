import type { RouteObject } from 'react-router';

/** Placeholder routes (written by the shell); the feature replaces them with its screens. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../components/PlaceholderPage');
  return { element: <PlaceholderPage title={title} /> };
};

export const invitationRoutes: RouteObject[] = [{ path: '/invitation', lazy: placeholder('Invitation') }];
