-- The user search's name half (bench figure 4c) finds its matches in one index entry. The trigram
-- keys of 0023 each stand for thousands of a big company's users (a first, middle and last
-- trigram of 'ada lovelace' are in 2,558, 2,568 and 4,951 of the 50,000 bench users), so the
-- index read and intersected about 10,000 entries to find 131 matches: 0.31 ms of the 0.56 ms it
-- took to count them. Here the key is every suffix of the lower-cased name (three characters or
-- longer, cut at 64), tagged with a hash of the company: a name contains the search exactly when
-- one of its suffixes starts with it, so the search is one prefix read of the index (a tsquery
-- prefix on a tsvector of the suffixes: GIN's partial match, byte order, no stemming) whose entries
-- are the matches themselves (for a search over 64 characters, its first 64 narrow the
-- candidates). Counting the same 131: 0.09 ms, 0.02 of it in the index.
-- A tag that two companies share only adds candidates: the company condition and the LIKE still
-- decide every row. A search under three characters reads the company's users through its btree
-- index, as before. A session without app.company_id finds no one: its tag is null.
-- The index is larger than 0023's (118 MB against 52 MB for the bench's 250,000 users): a key per
-- suffix of each name instead of one per trigram.
CREATE FUNCTION app_search_tag(p_company uuid) RETURNS text
  LANGUAGE sql
  IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog
AS $$
  SELECT to_hex(hashtext(p_company::text)) || ':'
$$;
--> statement-breakpoint
CREATE FUNCTION app_name_suffixes(p_company uuid, p_name text) RETURNS tsvector
  LANGUAGE sql
  IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog
AS $$
  SELECT array_to_tsvector(coalesce(array_agg(t.tag || substr(p_name, i, 64)), '{}'))
  FROM (SELECT public.app_search_tag(p_company) AS tag) t, generate_series(1, length(p_name) - 2) AS i
$$;
--> statement-breakpoint
-- The query that finds the names containing p_search (lower-cased, three characters or more): the
-- tagged search (its first 64 characters, as the suffixes) as one quoted prefix lexeme (quotes and
-- backslashes doubled, as tsquery input wants), so no character of the search is an operator.
CREATE FUNCTION app_name_query(p_company uuid, p_search text) RETURNS tsquery
  LANGUAGE sql
  IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog
AS $$
  SELECT ('''' || replace(replace(public.app_search_tag(p_company) || left(p_search, 64), '\', '\\'), '''', '''''') || ''':*')::tsquery
$$;
--> statement-breakpoint
CREATE INDEX "users_company_name_suffixes_idx" ON "users" USING gin (app_name_suffixes("company_id", lower("first_name" || ' ' || "last_name"))) WITH (fastupdate = off);
--> statement-breakpoint
-- 0024's function with the name half through the index above; the rest as before.
CREATE OR REPLACE FUNCTION app_search_users(p_contains text, p_search text)
  RETURNS TABLE (id uuid, first_name text, last_name text, email text, role text, status text, created_at timestamptz)
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path = pg_catalog, public
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_company uuid := NULLIF(current_setting('app.company_id', true), '')::uuid;
  v_name tsquery := public.app_name_query(v_company, p_search);
BEGIN
  IF length(p_search) >= 3 THEN
    -- The company as a filter, not an index condition (as in 0023): the tag in each key stands for
    -- the company, and where two companies share a tag this condition tells their users apart.
    RETURN QUERY
    SELECT u.id, u.first_name, u.last_name, u.email, u.role, u.status, u.created_at FROM public.users u
    WHERE public.app_name_suffixes(u.company_id, lower(u.first_name || ' ' || u.last_name)) @@ v_name
      AND u.company_id IS NOT DISTINCT FROM v_company
      AND lower(u.first_name || ' ' || u.last_name) LIKE p_contains;
  ELSE
    RETURN QUERY
    SELECT u.id, u.first_name, u.last_name, u.email, u.role, u.status, u.created_at FROM public.users u
    WHERE u.company_id = v_company
      AND lower(u.first_name || ' ' || u.last_name) LIKE p_contains;
  END IF;
  RETURN QUERY
  SELECT u.id, u.first_name, u.last_name, u.email, u.role, u.status, u.created_at FROM public.users u
  WHERE u.company_id = v_company
    AND u.email OPERATOR(pg_catalog.~>=~) p_search
    AND u.email OPERATOR(pg_catalog.~<~) (p_search || chr(1114111))
    AND starts_with(u.email, p_search)
    AND NOT lower(u.first_name || ' ' || u.last_name) LIKE p_contains;
END
$$;
--> statement-breakpoint
DROP INDEX "users_company_name_trigrams_idx";
--> statement-breakpoint
DROP FUNCTION app_name_trigrams(uuid, text);
