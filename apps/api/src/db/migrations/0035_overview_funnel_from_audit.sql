-- Issue 35, decision 0050: the invitation funnel's Redeemed and Vault activated count audit entries,
-- as "Sign-ins per day" does, so each links to the audit log filtered to exactly the entries it
-- counts: `invitation.redeem` (written with each redemption) and `invitation.vault_activated`
-- (written with a vault holder's first activation after redeeming an invitation of the portal, the
-- condition migration 0030's users trigger checked). Both by the entry's portal and UTC day, outcome success.
-- The users trigger loses its redemption look-up; the redemptions trigger goes.
CREATE OR REPLACE FUNCTION overview_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "overview_redemptions_insert" ON "invitation_redemptions";--> statement-breakpoint
DROP FUNCTION overview_redemptions_added();--> statement-breakpoint
-- The audit entries the Overview counts: kind by action.
CREATE FUNCTION overview_audit_kind(action text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE action
    WHEN 'auth.login' THEN 'sign_in'
    WHEN 'invitation.redeem' THEN 'invitation_redeemed'
    WHEN 'invitation.vault_activated' THEN 'invitation_activated'
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION overview_audit_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO overview_daily AS o (sponsor_id, kind, day, n)
  SELECT sponsor_id, overview_audit_kind(action), overview_utc_day(occurred_at), count(*)
    FROM new_rows
   WHERE overview_audit_kind(action) IS NOT NULL AND outcome = 'success' AND sponsor_id IS NOT NULL
   GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (sponsor_id, kind, day) DO UPDATE SET n = o.n + excluded.n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Rebuilt from the audit log, so the figure and its link agree for every day the log still holds.
-- Redemptions without an `invitation.redeem` entry (rows written by hand, the demo data of a database
-- seeded before this migration) are no longer counted. Days of purged audit months (decision 0045)
-- have no entries left: their figure becomes 0, which is what the linked list shows.
DELETE FROM overview_daily WHERE kind IN ('invitation_redeemed', 'invitation_activated');--> statement-breakpoint
INSERT INTO overview_daily (sponsor_id, kind, day, n)
SELECT sponsor_id, overview_audit_kind(action), overview_utc_day(occurred_at), count(*)
  FROM audit_log
 WHERE action IN ('invitation.redeem', 'invitation.vault_activated') AND outcome = 'success' AND sponsor_id IS NOT NULL
 GROUP BY 1, 2, 3;--> statement-breakpoint
ANALYZE overview_daily;
