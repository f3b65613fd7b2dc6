import type { RouteObject } from 'react-router';

/** Placeholder routes (written by the shell); the feature replaces them with its screens. */
const placeholder = (title: string) => async () => {
  const { PlaceholderPage } = await import('../../components/PlaceholderPage');
  return { element: <PlaceholderPage title={title} /> };
};

export const vaultRoutes: RouteObject[] = [
  { index: true, lazy: placeholder('Vaults') },
  { path: '/vault', lazy: placeholder('New Vault') },
  { path: '/vaultdetails/:id', lazy: placeholder('Vault Details') },
];
