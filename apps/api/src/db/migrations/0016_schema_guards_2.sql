-- Enumerated columns added since 0011 (and the scopes of 0001) accept only the values the code
-- writes, as 0011 made the others do; db/schema.test.ts fails for a text column that has neither a
-- CHECK nor a place on its list of free-text columns.
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_license_ck" CHECK ("import_job_rows"."license" in ('trial','monthly','annual'));--> statement-breakpoint
ALTER TABLE "import_job_rows" ADD CONSTRAINT "import_job_rows_tag_ck" CHECK ("import_job_rows"."tag" in ('individual','business','family'));--> statement-breakpoint
-- The transports WebAuthn defines (and the contract accepts); the browser gets them back as stored.
ALTER TABLE "mfa_passkeys" ADD CONSTRAINT "mfa_passkeys_transports_ck" CHECK ("mfa_passkeys"."transports" <@ ARRAY['ble','cable','hybrid','internal','nfc','smart-card','usb']::text[]);--> statement-breakpoint
ALTER TABLE "sponsor_authorizations" ADD CONSTRAINT "sponsor_authorizations_scopes_ck" CHECK ("sponsor_authorizations"."scopes" <@ ARRAY['read_vaults','write_documents','read_audit','report_failed_uploads','redeem_invitations','scim']::text[]);
