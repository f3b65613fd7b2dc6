import type { Db } from '../client.js';
import { appIntegrations } from '../schema/index.js';

/** The connectable apps the service offers: product data, present on every database. */
export const APP_CATALOG = [
  {
    code: 'crm',
    name: 'CRM Sync',
    category: 'CRM',
    description: 'Keeps vault holders and advisors in step with the firm’s CRM: new contacts, e-mail changes and household links.',
  },
  {
    code: 'esign',
    name: 'E-Signature Service',
    category: 'E-signature',
    description: 'Sends documents for signature and files the signed copies and certificates of completion in the holder’s vault.',
  },
  {
    code: 'custodian-feed',
    name: 'Custodian Statement Feed',
    category: 'Custodian',
    description: 'Delivers monthly and quarterly custodian statements and tax forms into each holder’s Investments folder.',
  },
  {
    code: 'doc-scanner',
    name: 'Document Scanner',
    category: 'Capture',
    description: 'Uploads scanned paper documents from office scanners and mobile capture into a vault’s Unfiled tab.',
  },
  {
    code: 'webhook',
    name: 'Webhook',
    category: 'Developer',
    description: 'Posts signed JSON events (vault created, document uploaded, upload failed) to an HTTPS endpoint of the sponsor.',
  },
] as const;

/** Inserts the catalogue entries that are missing; safe to call at every start. */
export async function ensureCatalog(db: Db): Promise<void> {
  await db
    .insert(appIntegrations)
    .values(APP_CATALOG.map((a) => ({ ...a })))
    .onConflictDoNothing({ target: appIntegrations.code });
}
