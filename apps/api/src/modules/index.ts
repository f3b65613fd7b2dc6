import type { FastifyPluginAsync } from 'fastify';
import { advisorRoutes } from './advisors/advisors.routes.js';
import { operationsRoutes } from './app-status/operations.js';
import { authRoutes } from './auth/auth.routes.js';
import { invitationRoutes } from './invitations/invitations.routes.js';
import { messageRoutes } from './messages/messages.routes.js';
import { mfaRoutes } from './mfa/mfa.routes.js';
import { overviewRoutes } from './overview/overview.routes.js';
import { packageRoutes } from './packages/packages.routes.js';
import { referenceRoutes } from './reference/reference.routes.js';
import { savedViewsRoutes } from './saved-views/saved-views.routes.js';
import { scimModule } from './scim/scim.routes.js';
import { sponsorAdminRoutes } from './sponsor-admins/sponsor-admins.routes.js';
import { sponsoredAdvisorRoutes } from './sponsored-advisors/sponsored-advisors.routes.js';
import { sponsorRoutes } from './sponsors/sponsors.routes.js';
import { samlRoutes } from './sso/saml/saml.routes.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { subPortalRoutes } from './sub-portals/sub-portals.routes.js';
import { vaultImportRoutes } from './vault-import/vault-import.routes.js';
import { vaultRoutes } from './vaults/vaults.routes.js';

/** Every domain module, registered in this order by buildApp. Add a module here. */
export const modules: FastifyPluginAsync[] = [
  authRoutes,
  mfaRoutes,
  referenceRoutes,
  invitationRoutes,
  sponsorRoutes,
  sponsorAdminRoutes,
  sponsoredAdvisorRoutes,
  advisorRoutes,
  operationsRoutes,
  overviewRoutes,
  messageRoutes,
  packageRoutes,
  vaultRoutes,
  vaultImportRoutes,
  subPortalRoutes,
  scimModule,
  ssoRoutes,
  samlRoutes,
  savedViewsRoutes,
] as FastifyPluginAsync[];
