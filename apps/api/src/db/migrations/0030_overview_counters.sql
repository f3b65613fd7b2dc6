-- Issue 35, the Overview: the dashboard reads counters kept by the database in the same transaction
-- as every change (decision 0046), never a scan of holders or audit entries per view.
-- Statement-level AFTER triggers with transition tables: a COPY or a set-based import of 100,000
-- rows updates each counter once per statement, not once per row. ENABLE ALWAYS: they also fire
-- where a bulk load runs with session_replication_role = replica (vault import, seed), which
-- switches ordinary triggers off. Days are UTC days. The counters are updated in place over and
-- over: room left on each page (fillfactor 70) keeps those updates HOT, pruned without a vacuum
-- (PGlite has no autovacuum).
CREATE TABLE "overview_holder_status" (
	"sponsor_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("sponsor_id", "status_id")
) WITH (fillfactor = 70);--> statement-breakpoint
-- package_id 0: a vault without a package.
CREATE TABLE "overview_package_holders" (
	"sponsor_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("sponsor_id", "package_id")
) WITH (fillfactor = 70);--> statement-breakpoint
-- kind: holder_created and holder_activated (by the holder's creation day: the cohort), sign_in,
-- failed_upload, invitation_sent, invitation_redeemed, invitation_activated (by the day it happened).
CREATE TABLE "overview_daily" (
	"sponsor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("sponsor_id", "kind", "day"),
	CONSTRAINT "overview_daily_kind_ck" CHECK ("kind" in ('holder_created','holder_activated','sign_in','failed_upload','invitation_sent','invitation_redeemed','invitation_activated'))
) WITH (fillfactor = 70);--> statement-breakpoint
-- All portals at once read a kind over a range of days.
CREATE INDEX "overview_daily_kind_day_idx" ON "overview_daily" ("kind", "day", "sponsor_id") INCLUDE ("n");--> statement-breakpoint
-- A histogram of whole days from creation to activation per creation day: its exact median is read
-- by walking the buckets, without touching a holder.
CREATE TABLE "overview_activation_days" (
	"sponsor_id" integer NOT NULL,
	"created_day" date NOT NULL,
	"days" integer NOT NULL,
	"n" bigint NOT NULL,
	PRIMARY KEY ("sponsor_id", "created_day", "days")
) WITH (fillfactor = 70);--> statement-breakpoint
-- Pending invitations (a use left) by expiry: "pending" and "expiring in 7 days" read only these.
CREATE INDEX "invitations_pending_expiry_idx" ON "invitations" ("sponsor_id", "expire_time") WHERE "uses" < "max";--> statement-breakpoint
-- An activation looks for a redemption of the same e-mail.
CREATE INDEX "invitation_redemptions_email_idx" ON "invitation_redemptions" (lower("email"));--> statement-breakpoint
CREATE FUNCTION overview_utc_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$ SELECT (t AT TIME ZONE 'UTC')::date $$;--> statement-breakpoint
CREATE FUNCTION overview_days_to_activate(created timestamptz, activated timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT least(3650, greatest(0, floor(extract(epoch FROM activated - created) / 86400)))::integer
$$;--> statement-breakpoint
-- The statement adding signed rows (+1 for a new row, -1 for an old one) to a daily counter; rows
-- that cancel write nothing. The trigger function runs it itself: only it sees the transition tables.
CREATE FUNCTION overview_daily_sql(kind text, rows_sql text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format(
    'INSERT INTO overview_daily AS o (sponsor_id, kind, day, n)
     SELECT sponsor_id, %L, day, sum(s) FROM (%s) r GROUP BY sponsor_id, day HAVING sum(s) <> 0 ORDER BY sponsor_id, day
     ON CONFLICT (sponsor_id, kind, day) DO UPDATE SET n = o.n + excluded.n', kind, rows_sql)
$$;--> statement-breakpoint
-- The signed rows of a statement: new rows +1, old rows -1 (an UPDATE gives both; unchanged ones cancel).
CREATE FUNCTION overview_signed_rows(op text, cols text, filter text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS s FROM new_rows WHERE %s', cols, filter)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS s FROM old_rows WHERE %s', cols, filter)
    ELSE format('SELECT %s, 1 AS s FROM new_rows WHERE %s UNION ALL SELECT %s, -1 AS s FROM old_rows WHERE %s', cols, filter, cols, filter)
  END
$$;--> statement-breakpoint
CREATE FUNCTION overview_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  holders text := 'role = ''vault_holder'' AND sponsor_id IS NOT NULL';
  activated text := holders || ' AND activated_at IS NOT NULL';
BEGIN
  EXECUTE format(
    'INSERT INTO overview_holder_status AS o (sponsor_id, status_id, n)
     SELECT sponsor_id, status_id, sum(s) FROM (%s) r GROUP BY 1, 2 HAVING sum(s) <> 0 ORDER BY 1, 2
     ON CONFLICT (sponsor_id, status_id) DO UPDATE SET n = o.n + excluded.n',
    overview_signed_rows(TG_OP, 'sponsor_id, status_id', holders));
  EXECUTE overview_daily_sql('holder_created', overview_signed_rows(TG_OP, 'sponsor_id, overview_utc_day(created_at) AS day', holders));
  EXECUTE overview_daily_sql('holder_activated', overview_signed_rows(TG_OP, 'sponsor_id, overview_utc_day(created_at) AS day', activated));
  EXECUTE format(
    'INSERT INTO overview_activation_days AS o (sponsor_id, created_day, days, n)
     SELECT sponsor_id, created_day, days, sum(s) FROM (%s) r GROUP BY 1, 2, 3 HAVING sum(s) <> 0 ORDER BY 1, 2, 3
     ON CONFLICT (sponsor_id, created_day, days) DO UPDATE SET n = o.n + excluded.n',
    overview_signed_rows(TG_OP, 'sponsor_id, overview_utc_day(created_at) AS created_day, overview_days_to_activate(created_at, activated_at) AS days', activated));
  IF TG_OP = 'UPDATE' THEN
    -- A holder activated after redeeming an invitation of the portal: the last step of the invitation funnel.
    INSERT INTO overview_daily AS o (sponsor_id, kind, day, n)
    SELECT nr.sponsor_id, 'invitation_activated', overview_utc_day(nr.activated_at), count(*)
      FROM new_rows nr JOIN old_rows od ON od.id = nr.id
     WHERE nr.role = 'vault_holder' AND nr.sponsor_id IS NOT NULL AND od.activated_at IS NULL AND nr.activated_at IS NOT NULL
       AND EXISTS (SELECT 1 FROM invitation_redemptions r JOIN invitations i ON i.id = r.invitation_id
                    WHERE lower(r.email) = lower(nr.email) AND i.sponsor_id = nr.sponsor_id AND r.redeemed_at <= nr.activated_at)
     GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (sponsor_id, kind, day) DO UPDATE SET n = o.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER overview_users_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_users_changed();--> statement-breakpoint
CREATE TRIGGER overview_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_users_changed();--> statement-breakpoint
CREATE TRIGGER overview_users_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_users_changed();--> statement-breakpoint
CREATE FUNCTION overview_vaults_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO overview_package_holders AS o (sponsor_id, package_id, n)
     SELECT sponsor_id, package_id, sum(s) FROM (%s) r GROUP BY 1, 2 HAVING sum(s) <> 0 ORDER BY 1, 2
     ON CONFLICT (sponsor_id, package_id) DO UPDATE SET n = o.n + excluded.n',
    overview_signed_rows(TG_OP, 'sponsor_id, coalesce(package_id, 0) AS package_id', 'true'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER overview_vaults_insert AFTER INSERT ON vaults REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_vaults_changed();--> statement-breakpoint
CREATE TRIGGER overview_vaults_update AFTER UPDATE ON vaults REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_vaults_changed();--> statement-breakpoint
CREATE TRIGGER overview_vaults_delete AFTER DELETE ON vaults REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_vaults_changed();--> statement-breakpoint
CREATE FUNCTION overview_failed_uploads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE overview_daily_sql('failed_upload', overview_signed_rows(TG_OP, 'sponsor_id, overview_utc_day(occurred_at) AS day', 'true'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER overview_failed_uploads_insert AFTER INSERT ON failed_uploads REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_failed_uploads_changed();--> statement-breakpoint
CREATE TRIGGER overview_failed_uploads_update AFTER UPDATE ON failed_uploads REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_failed_uploads_changed();--> statement-breakpoint
CREATE TRIGGER overview_failed_uploads_delete AFTER DELETE ON failed_uploads REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_failed_uploads_changed();--> statement-breakpoint
CREATE FUNCTION overview_invitations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE overview_daily_sql('invitation_sent', overview_signed_rows(TG_OP, 'sponsor_id, overview_utc_day(created_at) AS day', 'true'));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER overview_invitations_insert AFTER INSERT ON invitations REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_invitations_changed();--> statement-breakpoint
CREATE TRIGGER overview_invitations_update AFTER UPDATE ON invitations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_invitations_changed();--> statement-breakpoint
CREATE TRIGGER overview_invitations_delete AFTER DELETE ON invitations REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_invitations_changed();--> statement-breakpoint
-- Redemptions are events: a redemption removed with its invitation stays counted on its day.
CREATE FUNCTION overview_redemptions_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_daily AS o (sponsor_id, kind, day, n)
  SELECT i.sponsor_id, 'invitation_redeemed', overview_utc_day(r.redeemed_at), count(*)
    FROM new_rows r JOIN invitations i ON i.id = r.invitation_id
   GROUP BY 1, 3 ORDER BY 1, 3
  ON CONFLICT (sponsor_id, kind, day) DO UPDATE SET n = o.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER overview_redemptions_insert AFTER INSERT ON invitation_redemptions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_redemptions_added();--> statement-breakpoint
CREATE FUNCTION overview_audit_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_daily AS o (sponsor_id, kind, day, n)
  SELECT sponsor_id, 'sign_in', overview_utc_day(occurred_at), count(*)
    FROM new_rows
   WHERE action = 'auth.login' AND outcome = 'success' AND sponsor_id IS NOT NULL
   GROUP BY 1, 3 ORDER BY 1, 3
  ON CONFLICT (sponsor_id, kind, day) DO UPDATE SET n = o.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER overview_audit_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION overview_audit_added();--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER overview_users_insert;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER overview_users_update;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER overview_users_delete;--> statement-breakpoint
ALTER TABLE vaults ENABLE ALWAYS TRIGGER overview_vaults_insert;--> statement-breakpoint
ALTER TABLE vaults ENABLE ALWAYS TRIGGER overview_vaults_update;--> statement-breakpoint
ALTER TABLE vaults ENABLE ALWAYS TRIGGER overview_vaults_delete;--> statement-breakpoint
ALTER TABLE failed_uploads ENABLE ALWAYS TRIGGER overview_failed_uploads_insert;--> statement-breakpoint
ALTER TABLE failed_uploads ENABLE ALWAYS TRIGGER overview_failed_uploads_update;--> statement-breakpoint
ALTER TABLE failed_uploads ENABLE ALWAYS TRIGGER overview_failed_uploads_delete;--> statement-breakpoint
ALTER TABLE invitations ENABLE ALWAYS TRIGGER overview_invitations_insert;--> statement-breakpoint
ALTER TABLE invitations ENABLE ALWAYS TRIGGER overview_invitations_update;--> statement-breakpoint
ALTER TABLE invitations ENABLE ALWAYS TRIGGER overview_invitations_delete;--> statement-breakpoint
ALTER TABLE invitation_redemptions ENABLE ALWAYS TRIGGER overview_redemptions_insert;--> statement-breakpoint
ALTER TABLE audit_log ENABLE ALWAYS TRIGGER overview_audit_insert;--> statement-breakpoint
-- Backfill: the counters of the rows that exist (once, at upgrade). Activations before this
-- migration are not matched to redemptions: that step counts from here on.
INSERT INTO overview_holder_status (sponsor_id, status_id, n)
SELECT sponsor_id, status_id, count(*) FROM users WHERE role = 'vault_holder' AND sponsor_id IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO overview_package_holders (sponsor_id, package_id, n)
SELECT sponsor_id, coalesce(package_id, 0), count(*) FROM vaults GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO overview_daily (sponsor_id, kind, day, n)
SELECT sponsor_id, 'holder_created', overview_utc_day(created_at), count(*) FROM users WHERE role = 'vault_holder' AND sponsor_id IS NOT NULL GROUP BY 1, 3
UNION ALL
SELECT sponsor_id, 'holder_activated', overview_utc_day(created_at), count(*) FROM users WHERE role = 'vault_holder' AND sponsor_id IS NOT NULL AND activated_at IS NOT NULL GROUP BY 1, 3
UNION ALL
SELECT sponsor_id, 'failed_upload', overview_utc_day(occurred_at), count(*) FROM failed_uploads GROUP BY 1, 3
UNION ALL
SELECT sponsor_id, 'invitation_sent', overview_utc_day(created_at), count(*) FROM invitations GROUP BY 1, 3
UNION ALL
SELECT i.sponsor_id, 'invitation_redeemed', overview_utc_day(r.redeemed_at), count(*) FROM invitation_redemptions r JOIN invitations i ON i.id = r.invitation_id GROUP BY 1, 3
UNION ALL
SELECT sponsor_id, 'sign_in', overview_utc_day(occurred_at), count(*) FROM audit_log WHERE action = 'auth.login' AND outcome = 'success' AND sponsor_id IS NOT NULL GROUP BY 1, 3;--> statement-breakpoint
INSERT INTO overview_activation_days (sponsor_id, created_day, days, n)
SELECT sponsor_id, overview_utc_day(created_at), overview_days_to_activate(created_at, activated_at), count(*)
  FROM users WHERE role = 'vault_holder' AND sponsor_id IS NOT NULL AND activated_at IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
-- Statistics now: without them the planner takes the counters for empty and may hash whole tables
-- beside them (seen on PostgreSQL before its autoanalyze came round).
ANALYZE overview_holder_status, overview_package_holders, overview_daily, overview_activation_days;
