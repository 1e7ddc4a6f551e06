-- Issue 17, finding 13: row-level security reached the company tables only. As the `app` role
-- (every tenant transaction) with one company's setting, every user of every company and every
-- password hash was readable.
--
-- 1. `users` comes under the same policy as the company tables. better-auth (sign-in, the session
--    read) queries as the owner connection, outside any tenant transaction, which bypasses RLS
--    (the table is not FORCE'd): it needs to find a user before any company is known.
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "users"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- 2. Credentials and sessions are not the tenant code's business at all: the `app` role may not
--    read or write them. Deleting a user still removes their accounts and sessions: the foreign
--    keys' ON DELETE CASCADE runs as the table owner.
REVOKE ALL ON "accounts", "sessions", "verifications" FROM app;
--> statement-breakpoint
-- 3. Creating a user (sign-up, an admin adding a user) writes the credential account in the same
--    transaction as the user row, as `app`. This one narrow door does that: only for a user of the
--    transaction's own company, only the first credential of that user (it cannot replace anyone's
--    password), and it returns nothing.
CREATE FUNCTION app_add_credential_account(p_user_id uuid, p_password text) RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM public.users
    WHERE id = p_user_id AND company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
  ) THEN
    RAISE EXCEPTION 'no such user in the current company' USING ERRCODE = '42501';
  END IF;
  IF EXISTS (SELECT 1 FROM public.accounts WHERE user_id = p_user_id) THEN
    RAISE EXCEPTION 'the user already has a credential' USING ERRCODE = '42501';
  END IF;
  INSERT INTO public.accounts (account_id, provider_id, user_id, password)
  VALUES (p_user_id::text, 'credential', p_user_id, p_password);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_add_credential_account(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_add_credential_account(uuid, text) TO app;
