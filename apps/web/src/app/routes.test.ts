import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { invitationRoutes } from '../features/invitations/routes';
import { messageRoutes } from '../features/messages/routes';
import { operationRoutes } from '../features/operations/routes';
import { overviewRoutes } from '../features/overview/routes';
import { peopleRoutes } from '../features/people/routes';
import { portalRoutes } from '../features/portals/routes';
import { vaultRoutes } from '../features/vaults/routes';
import { NAV_ITEMS } from './nav';

/** Every path of the main layout in specification section 2, with example parameters. */
const SPEC_PATHS = [
  '/',
  '/vault',
  '/vaultdetails/12',
  '/packages',
  '/basepackages',
  '/invitation',
  '/sponsor-trusted-advisors',
  '/sponsor-trusted-advisors/4/staid/9',
  '/advisor-portal',
  '/advisor-portal-details/east',
  '/app-integrations',
  '/audit-logs',
  '/service-status',
  '/sponsor-admin',
  '/sponsor-admin/3/said/7',
  '/sponsor-authorization',
  '/sponsor',
  '/sponsor/5',
  '/sponsors',
  '/trusted-advisors',
  '/trusted-advisor/8',
  '/upload-failed-files',
];

const tree: RouteObject[] = [
  {
    path: '/',
    children: [
      ...vaultRoutes,
      ...peopleRoutes,
      ...portalRoutes,
      ...invitationRoutes,
      ...operationRoutes,
      ...messageRoutes,
      ...overviewRoutes,
      { path: '/logout' },
    ],
  },
];

describe('routes', () => {
  it('mounts every route of the specification', () => {
    for (const path of [...SPEC_PATHS, '/logout']) {
      const matches = matchRoutes(tree, path);
      expect(matches, path).not.toBeNull();
      expect(matches!.length, path).toBeGreaterThan(1);
    }
  });

  it('gives every navigation item a screen', () => {
    for (const item of NAV_ITEMS) expect(matchRoutes(tree, item.path), item.label).not.toBeNull();
  });
});
