-- Issue 36: a per-process session cache that a revocation anywhere invalidates at once. Each user
-- has an access version; whatever may change what their session allows bumps it, in the changing
-- transaction and whoever makes the change (our routes, better-auth's sign-out, a cascade, psql):
-- the session ended, the user's role, status, home, name, email or two-factor state changed, a
-- product grant changed, the entity's products or the company's two-factor rule changed. A server
-- that answers from its cache sends app_check_session(session, version) in the request's first
-- pipeline; it raises WS401 when the session is gone or the version moved.
ALTER TABLE "users" ADD COLUMN "access_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION app_bump_user_access_version() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
BEGIN
  NEW.access_version := OLD.access_version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_access_version BEFORE UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id
        OR OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.entity_id IS DISTINCT FROM NEW.entity_id
        OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
        OR OLD.email IS DISTINCT FROM NEW.email OR OLD.two_factor_enabled IS DISTINCT FROM NEW.two_factor_enabled)
  EXECUTE FUNCTION app_bump_user_access_version();
--> statement-breakpoint
-- Security definer: a grant changed in a tenant transaction (role `app`) still bumps its user,
-- whatever the users table's row-level security lets `app` update.
CREATE FUNCTION app_bump_access_version() RETURNS trigger
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
DECLARE
  r record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_TABLE_NAME = 'entity_product_access' THEN
    UPDATE public.users SET access_version = access_version + 1 WHERE company_id = r.company_id;
  ELSIF TG_TABLE_NAME = 'companies' THEN
    UPDATE public.users SET access_version = access_version + 1 WHERE company_id = r.id;
  ELSE
    UPDATE public.users SET access_version = access_version + 1 WHERE id = r.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_access_version AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION app_bump_access_version();
--> statement-breakpoint
CREATE TRIGGER user_product_access_version AFTER INSERT OR UPDATE OR DELETE ON user_product_access
  FOR EACH ROW EXECUTE FUNCTION app_bump_access_version();
--> statement-breakpoint
CREATE TRIGGER entity_product_access_version AFTER INSERT OR UPDATE OR DELETE ON entity_product_access
  FOR EACH ROW EXECUTE FUNCTION app_bump_access_version();
--> statement-breakpoint
CREATE TRIGGER companies_access_version AFTER UPDATE ON companies
  FOR EACH ROW
  WHEN (OLD.require_super_admin_two_factor IS DISTINCT FROM NEW.require_super_admin_two_factor)
  EXECUTE FUNCTION app_bump_access_version();
--> statement-breakpoint
-- The check of a cached session, in the request's own transaction (as `app`): the session still
-- exists, has not expired, its user is not deactivated and their access version is the cached one.
CREATE FUNCTION app_check_session(p_session uuid, p_version bigint) RETURNS boolean
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path = pg_catalog
AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM public.sessions s JOIN public.users u ON u.id = s.user_id
    WHERE s.id = p_session AND s.expires_at > now() AND u.status <> 'deactivated' AND u.access_version = p_version
  ) THEN
    RAISE EXCEPTION 'session no longer in force' USING ERRCODE = 'WS401';
  END IF;
  RETURN true;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_check_session(uuid, bigint) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_check_session(uuid, bigint) TO app;
