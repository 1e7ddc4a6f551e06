-- User search within a large company (bench figure 4c). The name's trigram index covered every
-- company, so a common name ('ada lovelace') made the search read every matching user of every
-- company and drop the other companies' afterwards; with btree_gin the company id is a column of
-- the same GIN index and only this company's matches are read.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
CREATE INDEX "users_company_name_search_idx" ON "users" USING gin ("company_id", (lower("first_name" || ' ' || "last_name")) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "users_name_search_idx";
--> statement-breakpoint
-- The email half: LIKE 'prefix%' uses the (company_id, email text_pattern_ops) index only when
-- the pattern is a constant, and a SQL function's statements are planned with parameters, so it
-- read the whole company. The prefix is now given as it is (not a LIKE pattern) and bounded as a
-- range with the pattern operators, which the index serves with a parameter too; starts_with
-- keeps the match exact. The upper bound is the prefix followed by U+10FFFF (the highest code
-- point: every other continuation sorts below it; it is a noncharacter, never in an email).
-- PL/pgSQL rather than SQL: a SQL function's statements are planned again on every call, PL/pgSQL
-- keeps the plan for the connection (5.5 ms → 3.7 ms per search at a 50,000-user company).
DROP FUNCTION app_search_user_ids(text, text);
--> statement-breakpoint
CREATE FUNCTION app_search_user_ids(p_contains text, p_email_prefix text) RETURNS SETOF uuid
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path = pg_catalog, public
AS $$
BEGIN
  RETURN QUERY
  SELECT id FROM public.users
  WHERE company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
    AND lower(first_name || ' ' || last_name) LIKE p_contains
  UNION
  SELECT id FROM public.users
  WHERE company_id = NULLIF(current_setting('app.company_id', true), '')::uuid
    AND email OPERATOR(pg_catalog.~>=~) p_email_prefix
    AND email OPERATOR(pg_catalog.~<~) (p_email_prefix || chr(1114111))
    AND starts_with(email, p_email_prefix);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_user_ids(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_user_ids(text, text) TO app;
