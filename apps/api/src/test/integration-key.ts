import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { appIntegrations } from '../db/schema/index.js';
import type { Auth, TestApp } from './harness.js';

/**
 * The document scanner enabled for a sponsor and granted these scopes, through the real calls (the
 * app catalogue must be there); the integration's API key.
 */
export async function integrationKey(t: TestApp, staff: Auth, sponsorId: number, scopes: string[]): Promise<string> {
  const [app] = await t.db.select().from(appIntegrations).where(eq(appIntegrations.code, 'doc-scanner'));
  const enabled = await t.app.inject({
    method: 'POST',
    url: `/api/v1/app-integrations/${app!.id}/enable?sponsorId=${sponsorId}`,
    headers: staff.headers,
    payload: { config: { account: 'front-desk' } },
  });
  expect(enabled.statusCode).toBe(201);
  const grant = await t.app.inject({
    method: 'POST',
    url: `/api/v1/sponsor-authorizations?sponsorId=${sponsorId}`,
    headers: staff.headers,
    payload: { sponsorIntegrationId: enabled.json().integration.id, scopes },
  });
  expect(grant.statusCode).toBe(201);
  return enabled.json().apiKey as string;
}
