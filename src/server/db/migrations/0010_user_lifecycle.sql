CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_tokens_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "user_tokens_kind_check" CHECK ("user_tokens"."kind" in ('invitation', 'password_reset'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_fk" FOREIGN KEY ("user_id","company_id") REFERENCES "public"."users"("id","company_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'invited', 'deactivated'));--> statement-breakpoint
-- Hand-written from here (drizzle cannot express these).
-- Single-use links are tenant rows: the app role reads and changes its company's only.
GRANT SELECT, INSERT, UPDATE ON "user_tokens" TO app;
--> statement-breakpoint
ALTER TABLE "user_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "user_tokens"
  USING ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid)
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- The outbox: the app role only adds messages (in the transaction of the change that causes
-- them), for its own company. Only the owner connection (the mail sender) reads and updates it.
GRANT INSERT ON "email_outbox" TO app;
--> statement-breakpoint
ALTER TABLE "email_outbox" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY email_outbox_append ON "email_outbox" FOR INSERT
  WITH CHECK ("company_id" = NULLIF(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- Deactivation, a password reset or change ends a user's sessions in the same transaction as the
-- change. Sessions are not the app role's table (0003): this narrow door ends those of one user
-- of the transaction's own company, but the one to keep, and says how many.
CREATE FUNCTION app_end_user_sessions(p_user_id uuid, p_keep_session uuid) RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
DECLARE ended integer;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM public.users
    WHERE id = p_user_id AND company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
  ) THEN
    RAISE EXCEPTION 'no such user in the current company' USING ERRCODE = '42501';
  END IF;
  DELETE FROM public.sessions WHERE user_id = p_user_id AND id IS DISTINCT FROM p_keep_session;
  GET DIAGNOSTICS ended = ROW_COUNT;
  RETURN ended;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_end_user_sessions(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_end_user_sessions(uuid, uuid) TO app;
--> statement-breakpoint
-- A password reset or change replaces the credential of one user of the transaction's company
-- (an invited user has none yet: app_add_credential_account adds the first).
CREATE FUNCTION app_set_credential_password(p_user_id uuid, p_password text) RETURNS void
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
  UPDATE public.accounts SET password = p_password, updated_at = now()
  WHERE user_id = p_user_id AND provider_id = 'credential';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the user has no credential' USING ERRCODE = '42501';
  END IF;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_set_credential_password(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_set_credential_password(uuid, text) TO app;
--> statement-breakpoint
-- User search (GET /api/users?search=): anywhere in the name through a trigram index, the start
-- of the email (stored lower-cased) through a pattern index, both within the company.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_company_email_prefix_idx" ON "users" ("company_id", "email" text_pattern_ops);
--> statement-breakpoint
-- Under row-level security only leakproof conditions may use an index, and LIKE and lower() are
-- not: as the app role those indexes would never serve the search. This function runs the
-- search as the owner (no RLS, indexes usable), for the transaction's own company only, and
-- returns ids; the tenant query then keeps the matching rows by id (uuid equality is leakproof).
-- The patterns come escaped from the caller (% and _ literal).
CREATE FUNCTION app_search_user_ids(p_contains text, p_prefix text) RETURNS SETOF uuid
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
  SELECT id FROM public.users
  WHERE company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
    AND lower(first_name || ' ' || last_name) LIKE p_contains
  UNION
  SELECT id FROM public.users
  WHERE company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
    AND email LIKE p_prefix
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_user_ids(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_user_ids(text, text) TO app;
