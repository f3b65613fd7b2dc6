import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/per-file-app.js';

/** What the database itself guards, whatever code writes to it: keys, allowed values, append-only audit. */

const t = useTestApp();

const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.database.query<T>(text, params))[0]!;

/** The driver's SQLSTATE of a refused statement (23514 check, 23503 foreign key). */
async function refusal(text: string, params: unknown[] = []): Promise<string> {
  try {
    await t.database.query(text, params);
  } catch (err) {
    return String((err as { code?: string }).code);
  }
  throw new Error(`accepted: ${text}`);
}

async function holder(sponsorId: number, email = 'holder@test.local') {
  const u = await one<{ id: number }>(
    `insert into users (role, sponsor_id, email, first_name, last_name) values ('vault_holder', $1, $2, 'Hal', 'Holder') returning id`,
    [sponsorId, email],
  );
  await t.database.query('insert into vault_holders (user_id, sponsor_id) values ($1, $2)', [u.id, sponsorId]);
  const v = await one<{ id: number }>('insert into vaults (holder_user_id, sponsor_id) values ($1, $2) returning id', [u.id, sponsorId]);
  return { userId: u.id, vaultId: v.id };
}

describe('foreign keys', () => {
  it('every foreign key has an index its checks and joins can use', async () => {
    // Usable: an index whose leading columns are exactly the key's columns, or a unique index on
    // some of them (at most one row per key then). A partial index serves the key only when it
    // leaves out nothing but rows without one (`key IS NOT NULL`); any other condition leaves
    // referencing rows the check or the cascade must find by scanning.
    const unindexed = await t.database.query<{ constraint: string }>(
      `select c.conname as constraint
         from pg_constraint c
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid
               and (i.indpred is null
                    or (cardinality(c.conkey) = 1
                        and pg_get_expr(i.indpred, i.indrelid) =
                            format('(%I IS NOT NULL)', (select attname from pg_attribute where attrelid = c.conrelid and attnum = c.conkey[1]))))
               and (((i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
                     and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
                    or (i.indisunique and (i.indkey::int2[]) <@ c.conkey)))
        order by 1`,
    );
    expect(unindexed).toEqual([]);
  });
});

/**
 * Text columns that hold what people, browsers or other systems write, so no CHECK can list their
 * values. Every other text column holds values the code picks from a list and has a CHECK that
 * refuses the rest: a new text column fails the test below until it gets one or joins this list.
 */
const FREE_TEXT = new Set([
  // Names, addresses and descriptions people type (checked by the contract's schemas).
  'advisors.owner_email',
  'app_integrations.category',
  'app_integrations.code',
  'app_integrations.description',
  'app_integrations.name',
  'base_packages.currency',
  'base_packages.description',
  'base_packages.features',
  'base_packages.name',
  'documents.name',
  'failed_uploads.content_type',
  'failed_uploads.detail',
  'failed_uploads.file_name',
  'import_job_rows.email',
  'import_job_rows.entity_type',
  'import_job_rows.first_name',
  'import_job_rows.last_name',
  'import_job_rows.middle_name',
  'import_job_rows.organization_name',
  'import_jobs.file_name',
  'invitation_redemptions.email',
  'invitations.first_name',
  'invitations.invite_code',
  'invitations.last_name',
  'mfa_passkeys.name',
  'sponsor_admins.title',
  // The identity provider's own id for the person (SCIM externalId): whatever the provider chose.
  'sponsor_admins.scim_external_id',
  'sponsor_categories.name',
  // A portal's identity provider as its IT gave it (decision 0037): addresses, ids, metadata, claims' names.
  'sso_domains.domain',
  'sso_settings.mfa_authn_context',
  'sso_settings.oidc_client_id',
  'sso_settings.oidc_issuer',
  'sso_settings.oidc_scopes',
  'sso_settings.saml_certificate',
  'sso_settings.saml_entity_id',
  'sso_settings.saml_metadata_xml',
  'sso_settings.saml_sso_url',
  'sponsor_groups.code',
  'sponsor_groups.name',
  'sponsored_advisors.owner_email',
  'sponsored_advisors.permissions',
  'sponsors.contact_email',
  'sponsors.contact_name',
  'sponsors.contact_phone',
  'sponsors.name',
  'sponsors.sponsor_code',
  'statuses.name',
  'templates.name',
  'users.email',
  'users.first_name',
  'users.last_name',
  'users.middle_name',
  'vault_holders.organization_name',
  'vaults.archive_reason',
  'vaults.entity_type',
  // A portal's messages: its display name, reply-to, footer and time zone, and its own subject and
  // opening text of each message (checked by the contract: placeholders, no markup).
  'message_branding.display_name',
  'message_branding.footer',
  'message_branding.reply_to',
  'message_branding.time_zone',
  'message_overrides.intro',
  'message_overrides.subject',
  // Language tags (a pattern in the contract, not a list: any language the portal may add).
  'import_job_rows.localize',
  'invitations.localize',
  'users.localize',
  // Hashes, keys, tokens and what a client or a server sent.
  'app_settings.key',
  'app_settings.value',
  'mfa_challenges.token_hash',
  'mfa_passkeys.credential_id',
  'mfa_passkeys.public_key',
  'mfa_recovery_codes.code_hash',
  'password_tokens.token_hash',
  'rate_limits.key',
  'sessions.client_ip',
  'sessions.token_hash',
  'sso_handoffs.browser_hash',
  'sessions.user_agent',
  'sign_in_throttle.account',
  'sign_in_throttle.address',
  'sso_handoffs.token_hash',
  'sso_logins.browser_hash',
  'sso_logins.code_verifier',
  'sso_logins.nonce',
  'sso_logins.state_hash',
  'sso_settings.oidc_client_secret',
  'sponsor_integrations.api_key_hash',
  'sponsor_integrations.api_key_prefix',
  'users.mfa_secret',
  'users.password_hash',
  'webauthn_challenges.challenge_hash',
  // The audit log and the outbox record what happened in words the code writes as it grows: a new
  // action or template must not need a migration (and the audit log refuses rewriting).
  'audit_log.action',
  'audit_log.actor_email',
  'audit_log.client_ip',
  'audit_log.target_id',
  'audit_log.target_type',
  'email_outbox.body_html',
  'email_outbox.body_text',
  'email_outbox.last_error',
  'email_outbox.reply_to',
  'email_outbox.subject',
  'email_outbox.template',
  'email_outbox.to_address',
  // Webhooks: the endpoint and description an administrator types, the event types it chose (checked
  // by the contract, a list that grows with the code), the sealed secret, and what was sent and answered.
  'webhook_subscriptions.url',
  'webhook_subscriptions.description',
  'webhook_subscriptions.events',
  'webhook_subscriptions.secret_sealed',
  'webhook_deliveries.message_id',
  'webhook_deliveries.event_type',
  'webhook_deliveries.last_error',
  // A saved view's name, as its owner typed it (checked by the contract).
  'saved_views.name',
]);

describe('enumerated columns', () => {
  it('every text column has a CHECK on its values, or is one that holds free text', async () => {
    const unchecked = await t.database.query<{ column: string }>(
      `select format('%s.%s', c.relname, a.attname) as column
         from pg_attribute a
         join pg_class c on c.oid = a.attrelid and c.relkind in ('r', 'p') and not c.relispartition
                          and c.relnamespace = 'public'::regnamespace
        where a.attnum > 0 and not a.attisdropped and a.atttypid in ('text'::regtype, 'text[]'::regtype)
          and not exists (select 1 from pg_constraint k where k.contype = 'c' and k.conrelid = c.oid and a.attnum = any(k.conkey))
        order by 1`,
    );
    expect(unchecked.map((r) => r.column).filter((c) => !FREE_TEXT.has(c))).toEqual([]);
  });

  it('refuse a value the code never writes', async () => {
    const s = await t.createSponsor('ALPHA');
    const u = await one<{ id: number }>(
      `insert into users (role, sponsor_id, email, first_name, last_name) values ('sponsor_admin', $1, 'a@test.local', 'A', 'B') returning id`,
      [s.id],
    );
    const h = await holder(s.id);
    const job = await one<{ id: string }>(
      `insert into import_jobs (sponsor_id, kind, file_name) values ($1, 'vault_holders', 'a.csv') returning id`,
      [s.id],
    );
    const app = await one<{ id: number }>(`insert into app_integrations (code, name, category) values ('crm', 'CRM', 'CRM') returning id`);
    const integration = await one<{ id: number }>(
      `insert into sponsor_integrations (sponsor_id, integration_id, api_key_hash, api_key_prefix) values ($1, $2, 'h', 'p') returning id`,
      [s.id, app.id],
    );
    const bad: [string, string, unknown[]][] = [
      ['users.role', `insert into users (role, email, first_name, last_name) values ('root', 'r@test.local', 'R', 'R')`, []],
      ['vaults.license', `update vaults set license = 'lifetime' where id = $1`, [h.vaultId]],
      ['vaults.tag', `update vaults set tag = 'corporate' where id = $1`, [h.vaultId]],
      ['invitations.type', `insert into invitations (sponsor_id, type, invite_code) values ($1, 'public', 'CODE')`, [s.id]],
      [
        'base_packages.billing_period',
        `insert into base_packages (name, storage_quota_bytes, list_price_cents, billing_period) values ('P', 1, 1, 'weekly')`,
        [],
      ],
      ['failed_uploads.reason', `insert into failed_uploads (sponsor_id, file_name, reason) values ($1, 'a.pdf', 'cosmic_ray')`, [s.id]],
      [
        'failed_uploads.status',
        `insert into failed_uploads (sponsor_id, file_name, reason, status) values ($1, 'a.pdf', 'virus', 'lost')`,
        [s.id],
      ],
      [
        'email_outbox.status',
        `insert into email_outbox (to_address, subject, body_text, template, status) values ('x@test.local', 'S', 'B', 'invitation', 'pending')`,
        [],
      ],
      [
        'import_jobs.status',
        `insert into import_jobs (sponsor_id, kind, status, file_name) values ($1, 'vault_holders', 'running', 'a.csv')`,
        [s.id],
      ],
      ['import_jobs.kind', `insert into import_jobs (sponsor_id, kind, file_name) values ($1, 'documents', 'a.csv')`, [s.id]],
      [
        'password_tokens.purpose',
        `insert into password_tokens (user_id, token_hash, purpose, expires_at) values ($1, 'h', 'login', now())`,
        [u.id],
      ],
      ['audit_log.outcome', `insert into audit_log (action, outcome) values ('vault.create', 'maybe')`, []],
      [
        'import_job_rows.license',
        `insert into import_job_rows (job_id, line, email, first_name, last_name, package_id, license, tag, test_account, localize)
         values ($1, 1, 'h@test.local', 'H', 'H', 1, 'lifetime', 'individual', false, 'en')`,
        [job.id],
      ],
      [
        'import_job_rows.tag',
        `insert into import_job_rows (job_id, line, email, first_name, last_name, package_id, license, tag, test_account, localize)
         values ($1, 2, 'h@test.local', 'H', 'H', 1, 'trial', 'corporate', false, 'en')`,
        [job.id],
      ],
      [
        'sponsor_authorizations.scopes',
        `insert into sponsor_authorizations (sponsor_id, sponsor_integration_id, scopes) values ($1, $2, array['read_vaults','admin'])`,
        [s.id, integration.id],
      ],
      [
        'mfa_passkeys.transports',
        `insert into mfa_passkeys (user_id, credential_id, public_key, transports, name) values ($1, 'c', 'k', array['usb','carrier-pigeon'], 'Key')`,
        [u.id],
      ],
    ];
    const codes = Object.fromEntries(await Promise.all(bad.map(async ([name, text, params]) => [name, await refusal(text, params)])));
    expect(codes).toEqual(Object.fromEntries(bad.map(([name]) => [name, '23514'])));
  });

  it('accept the values the code writes', async () => {
    const s = await t.createSponsor('ALPHA');
    await t.database.query(
      `insert into email_outbox (to_address, subject, body_text, template, status)
       select 'x@test.local', 'S', 'B', 'invitation', s from unnest(array['queued','sending','retrying','sent','failed']) s`,
    );
    await t.database.query(
      `insert into import_jobs (sponsor_id, kind, status, file_name)
       select $1, k, s, 'a.csv' from unnest(array['vault_holders','invitations']) k, unnest(array['previewed','imported','failed']) s`,
      [s.id],
    );
    await t.database.query(`insert into audit_log (action, outcome) values ('a', 'success'), ('a', 'failure')`);
    expect((await one<{ n: number }>('select count(*)::int as n from import_jobs')).n).toBe(6);
    const job = await one<{ id: string }>(`select id from import_jobs where kind = 'vault_holders' limit 1`);
    await t.database.query(
      `insert into import_job_rows (job_id, line, email, first_name, last_name, package_id, license, tag, test_account, localize)
       select $1, row_number() over (), 'h@test.local', 'H', 'H', 1, l, g, false, 'en'
         from unnest(array['trial','monthly','annual']) l, unnest(array['individual','business','family']) g`,
      [job.id],
    );
    const u = await one<{ id: number }>(
      `insert into users (role, email, first_name, last_name) values ('staff', 's@test.local', 'S', 'S') returning id`,
    );
    await t.database.query(
      `insert into mfa_passkeys (user_id, credential_id, public_key, transports, name)
       values ($1, 'c1', 'k', array['ble','cable','hybrid','internal','nfc','smart-card','usb'], 'All'), ($1, 'c2', 'k', '{}', 'None')`,
      [u.id],
    );
  });
});

describe('a holder has one sponsor', () => {
  it('refuses a holder row or a vault whose sponsor differs from the user', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const u = await one<{ id: number }>(
      `insert into users (role, sponsor_id, email, first_name, last_name) values ('vault_holder', $1, 'h@test.local', 'H', 'H') returning id`,
      [a.id],
    );
    expect(await refusal('insert into vault_holders (user_id, sponsor_id) values ($1, $2)', [u.id, b.id])).toBe('23503');
    await t.database.query('insert into vault_holders (user_id, sponsor_id) values ($1, $2)', [u.id, a.id]);
    expect(await refusal('insert into vaults (holder_user_id, sponsor_id) values ($1, $2)', [u.id, b.id])).toBe('23503');
  });

  it('refuses changing a copy alone; moving the user moves both copies', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const h = await holder(a.id);
    expect(await refusal('update vault_holders set sponsor_id = $2 where user_id = $1', [h.userId, b.id])).toBe('23503');
    expect(await refusal('update vaults set sponsor_id = $2 where id = $1', [h.vaultId, b.id])).toBe('23503');

    await t.database.query('update users set sponsor_id = $2 where id = $1', [h.userId, b.id]);
    const row = await one<{ holder: number; vault: number }>(
      'select vh.sponsor_id as holder, v.sponsor_id as vault from vault_holders vh join vaults v on v.holder_user_id = vh.user_id where vh.user_id = $1',
      [h.userId],
    );
    expect(row).toEqual({ holder: b.id, vault: b.id });
  });

  it('deleting the user still removes the holder and the vault', async () => {
    const a = await t.createSponsor('ALPHA');
    const h = await holder(a.id);
    await t.database.query('delete from users where id = $1', [h.userId]);
    expect(await one<{ n: number }>('select count(*)::int as n from vaults')).toEqual({ n: 0 });
    expect(await one<{ n: number }>('select count(*)::int as n from vault_holders')).toEqual({ n: 0 });
  });
});

describe('audit log', () => {
  it('refuses TRUNCATE, and the entries stay', async () => {
    await t.database.query(`insert into audit_log (action) values ('sponsor.create')`);
    await expect(t.database.query('truncate audit_log')).rejects.toThrow(/append-only: TRUNCATE/);
    await expect(t.database.query('truncate audit_log, email_outbox cascade')).rejects.toThrow(/append-only/);
    expect(await one<{ n: number }>('select count(*)::int as n from audit_log')).toEqual({ n: 1 });
  });
});
