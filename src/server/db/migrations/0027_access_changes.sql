-- The stream rule (docs/decisions/007-the-stream-rule.md): when someone's rights may have changed,
-- the database says so on the module events channel, in the changing transaction (so only when it
-- commits) and whoever made the change: our routes, better-auth's sign-out, a cascade, a statement
-- typed into psql. Every server process LISTENs there (platform/events.ts); its open live streams
-- for that user, or that company, check the session and their access rule again and end when
-- refused. The payload carries ids only. PostgreSQL sends identical notifications of one
-- transaction once, so a bulk change costs one message per user.
CREATE FUNCTION app_notify_access_change() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
DECLARE
  r record := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF TG_TABLE_NAME = 'entity_product_access' THEN
    PERFORM pg_notify('module_events', json_build_object('topic', 'platform.access', 'companyId', r.company_id)::text);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('module_events', json_build_object('topic', 'platform.access', 'userId', r.id)::text);
  ELSE
    PERFORM pg_notify('module_events', json_build_object('topic', 'platform.access', 'userId', r.user_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session ended: signed out, revoked, or deleted with its user.
CREATE TRIGGER sessions_access_change AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION app_notify_access_change();
--> statement-breakpoint
-- What the access rules read from the user: role (a super admin demoted), status (deactivated),
-- company, organization and entity; and the user deleted.
CREATE TRIGGER users_access_change AFTER UPDATE ON users
  FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id
        OR OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.entity_id IS DISTINCT FROM NEW.entity_id)
  EXECUTE FUNCTION app_notify_access_change();
--> statement-breakpoint
CREATE TRIGGER users_access_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION app_notify_access_change();
--> statement-breakpoint
-- A product grant given, changed (role) or taken away.
CREATE TRIGGER user_product_access_change AFTER INSERT OR UPDATE OR DELETE ON user_product_access
  FOR EACH ROW EXECUTE FUNCTION app_notify_access_change();
--> statement-breakpoint
-- An entity gaining or losing a product (and, by cascade, a company losing one): super admins'
-- access follows the entity's products.
CREATE TRIGGER entity_product_access_change AFTER INSERT OR UPDATE OR DELETE ON entity_product_access
  FOR EACH ROW EXECUTE FUNCTION app_notify_access_change();
