-- Every instance keeps live sessions for a few seconds (plugins/session-cache.ts, decision 0049).
-- A change to anything a session check reads tells every instance at commit, whichever code path
-- made it (a service, a maintenance job, an operator's SQL): the payload is the user whose sessions
-- to forget, or '*' for all (a sponsor's id or code, which the check also reads, or a new sponsor
-- at an address a kept check found empty).
CREATE FUNCTION auth_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_changed', (to_jsonb(OLD) ->> TG_ARGV[0]));
  ELSE
    PERFORM pg_notify('auth_changed', (to_jsonb(NEW) ->> TG_ARGV[0]));
    IF (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM (to_jsonb(NEW) ->> TG_ARGV[0]) THEN
      PERFORM pg_notify('auth_changed', (to_jsonb(OLD) ->> TG_ARGV[0]));
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('id');
--> statement-breakpoint
CREATE TRIGGER sponsor_admins_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sponsor_admins
  FOR EACH ROW EXECUTE FUNCTION auth_changed_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER sponsors_auth_changed AFTER INSERT OR UPDATE OR DELETE ON sponsors
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
-- TRUNCATE fires no row trigger: emptying sessions signs everyone out, on every instance.
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
--> statement-breakpoint
CREATE TRIGGER sponsor_admins_truncated AFTER TRUNCATE ON sponsor_admins
  FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_notify();
