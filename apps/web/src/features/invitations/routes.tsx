import type { RouteObject } from 'react-router';

/** Invitation screens (specification section 2: /invitation). */
export const invitationRoutes: RouteObject[] = [{ path: '/invitation', lazy: () => import('./InvitationPage') }];
