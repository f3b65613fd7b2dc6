import type { RouteObject } from 'react-router';

/** Vault screens (specification section 2): the vault list, New Vault and vault details. */
export const vaultRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./VaultListPage') },
  { path: '/vault', lazy: () => import('./NewVaultPage') },
  { path: '/vaultdetails/:id', lazy: () => import('./VaultDetailsPage') },
];
