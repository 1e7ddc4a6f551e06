-- Issue 36: a self-service read in one round trip. Who the caller is as an employee (their own
-- records, reports and team: platform/scope.ts) is cached with their session, and every request that
-- uses it sends, in its first pipeline, the same resolution again compared with the cached one's
-- fingerprint: app_check_self_scope(false) raises WS409 and the server resolves it afresh. A change
-- made anywhere (another process, psql) is seen by the next request, as without the cache.
CREATE FUNCTION app_check_self_scope(p_same boolean) RETURNS boolean
  LANGUAGE plpgsql
  SET search_path = pg_catalog
AS $$
BEGIN
  IF p_same IS NOT TRUE THEN
    RAISE EXCEPTION 'self-service scope changed' USING ERRCODE = 'WS409';
  END IF;
  RETURN true;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_check_self_scope(boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_check_self_scope(boolean) TO app;
