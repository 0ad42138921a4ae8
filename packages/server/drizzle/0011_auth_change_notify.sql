-- Every API instance caches session, user and permission look-ups for a few seconds
-- (src/modules/auth/session-cache.ts). These triggers tell all instances, through NOTIFY on
-- the channel trialab_auth (delivered at commit), that what the cache holds may have changed:
-- a session ended, a user edited or disabled, roles or permissions changed. Session touches
-- (last_seen_at only) do not notify.
CREATE OR REPLACE FUNCTION trialab_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('trialab_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF ended_at, expires_at, user_id, token_hash, signing_key, lock_fail_count OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION trialab_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION trialab_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION trialab_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION trialab_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION trialab_auth_changed();
--> statement-breakpoint
CREATE TRIGGER permissions_auth_changed AFTER UPDATE OR DELETE ON permissions
  FOR EACH STATEMENT EXECUTE FUNCTION trialab_auth_changed();
