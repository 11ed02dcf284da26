-- Hand-written: tells every app instance, on the bus channel `auth_changes`, that a session or a user changed in a way
-- that matters to authentication, so the per-instance session cache (modules/auth/session-cache.ts) drops it. The
-- notification leaves with the commit (NOTIFY is transactional), whichever code path made the change; the payload is
-- the bus's wire format (platform/bus.ts) with origin `database`.
-- Sessions: any column but the last activity, the client address and the user agent. Users: the columns an Actor is
-- built from (login name, full name, user type, role, status, password change date) — keep the list in step with
-- `SessionUser` in modules/auth/sessions.repository.ts. Deletions of sessions (the daily purge: many rows) are told
-- once per statement; more than 500 ids at once become `{"all": true}` (NOTIFY payloads stay under 8000 bytes).
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    changed := OLD.session_id;
  ELSE
    changed := OLD.user_id;
  END IF;
  PERFORM pg_notify('auth_changes',
    json_build_object('origin', 'database', 'event', json_build_object(TG_ARGV[0], json_build_array(changed)))::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "notify_auth_sessions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  SELECT array_agg(session_id) INTO ids FROM (SELECT session_id FROM gone LIMIT 501) g;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 500 THEN
    PERFORM pg_notify('auth_changes', '{"origin":"database","event":{"all":true}}');
  ELSE
    PERFORM pg_notify('auth_changes', json_build_object('origin', 'database', 'event', json_build_object('sessions', ids))::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changes" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN ((OLD.user_id, OLD.token_hash, OLD.resource_token_hash, OLD.csrf_token, OLD.verified, OLD.created_at, OLD.expires_at, OLD.revoked_at)
        IS DISTINCT FROM (NEW.user_id, NEW.token_hash, NEW.resource_token_hash, NEW.csrf_token, NEW.verified, NEW.created_at, NEW.expires_at, NEW.revoked_at))
  EXECUTE FUNCTION "notify_auth_change"('sessions');
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_auth_changes" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS gone FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_auth_sessions_deleted"();
--> statement-breakpoint
CREATE TRIGGER "users_auth_changes" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((OLD.login_name, OLD.fullname, OLD.user_type, OLD.role_id, OLD.status, OLD.password_changed_at)
        IS DISTINCT FROM (NEW.login_name, NEW.fullname, NEW.user_type, NEW.role_id, NEW.status, NEW.password_changed_at))
  EXECUTE FUNCTION "notify_auth_change"('users');
--> statement-breakpoint
CREATE TRIGGER "users_deleted_auth_changes" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "notify_auth_change"('users');
