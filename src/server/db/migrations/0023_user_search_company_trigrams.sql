-- The user search's name half (bench figure 4c) reads trigram keys of its own company only.
-- The (company_id, name trigrams) GIN index of 0013 keeps the company and each trigram as separate
-- keys: a search at a 50,000-user company intersected the company's 50,000 entries with each
-- trigram's entries across every company, 1.7-2.4 ms of index work for 131 matches. Here each key
-- is one trigram of one company: a hash of the trigram seeded with the company id, so a company's
-- search reads only that company's entries for those trigrams (0.35 ms for the same 131 matches).
-- A hash that two companies or two trigrams share only adds candidates: the company condition and
-- the LIKE still decide every row.
-- The trigrams are every three characters in a row of the lower-cased name, spaces included, in
-- their order (GIN keeps each key once): every name containing a search contains each of the
-- search's own trigrams. (pg_trgm's show_trgm pads words and hashes multibyte trigrams, so the
-- trigrams a substring of a name must share with the name cannot be told from its output.) A
-- search under three characters has no trigram and reads the company's users through the
-- company's btree index. A session without app.company_id finds no one: its trigrams are null.
-- The index is larger than 0013's (about 60 MB against 10 MB for 250,000 users): a key per
-- trigram per company instead of per trigram.
CREATE FUNCTION app_name_trigrams(p_company uuid, p_name text) RETURNS bigint[]
  LANGUAGE sql
  IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog
AS $$
  SELECT coalesce(array_agg(hashtextextended(substr(p_name, i, 3), hashtextextended(p_company::text, 0)) ORDER BY i), '{}')
  FROM generate_series(1, length(p_name) - 2) AS i
$$;
--> statement-breakpoint
CREATE INDEX "users_company_name_trigrams_idx" ON "users" USING gin (app_name_trigrams("company_id", lower("first_name" || ' ' || "last_name"))) WITH (fastupdate = off);
--> statement-breakpoint
DROP INDEX IF EXISTS "users_company_name_search_idx";
--> statement-breakpoint
-- The same two halves as 0013, the name half through the index above. The second parameter is the
-- search lower-cased: the email's prefix and the source of the name's trigrams (the first is the
-- same search as an escaped LIKE pattern, so a name it matches contains every one of them).
DROP FUNCTION app_search_user_ids(text, text);
--> statement-breakpoint
-- Its statements always run their generic plans: each is the right plan whatever the values (an
-- index of the company's trigrams, or of its emails, or of its users for a search under three
-- characters). The trigram statement's custom plan looked cheaper than its generic one, so it was
-- planned again on every call (0.4 ms of the 1.2 ms a search took at the big company).
CREATE FUNCTION app_search_user_ids(p_contains text, p_search text) RETURNS SETOF uuid
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path = pg_catalog, public
  SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_company uuid := NULLIF(current_setting('app.company_id', true), '')::uuid;
  v_all bigint[] := public.app_name_trigrams(v_company, p_search);
  v_n int := cardinality(v_all);
  -- The search's first, middle and last trigrams: each key the index reads costs, and three narrow
  -- the candidates as far as all of them (131 rows either way at the big company, in 0.15-0.2 ms
  -- against 0.37-0.6 ms for the ten of 'ada lovelace'); the LIKE decides each candidate.
  v_trigrams bigint[] := CASE WHEN v_n = 0 THEN '{}' ELSE ARRAY[v_all[1], v_all[(v_n + 1) / 2], v_all[v_n]] END;
BEGIN
  IF cardinality(v_trigrams) > 0 THEN
    -- The company as a filter (IS NOT DISTINCT FROM is not an index condition): the trigram keys
    -- already name it. As an index condition, the cached generic plan expects an average company
    -- (25 users) and intersects the trigram matches with a read of the company's btree entries:
    -- 2.9 ms for the 50,000 of the big company, against 0.7 ms for the trigrams.
    RETURN QUERY
    SELECT id FROM public.users
    WHERE public.app_name_trigrams(company_id, lower(first_name || ' ' || last_name)) @> v_trigrams
      AND company_id IS NOT DISTINCT FROM v_company
      AND lower(first_name || ' ' || last_name) LIKE p_contains;
  ELSE
    RETURN QUERY
    SELECT id FROM public.users
    WHERE company_id = v_company
      AND lower(first_name || ' ' || last_name) LIKE p_contains;
  END IF;
  -- A user found by both halves comes twice: the caller asks `id in (...)`.
  RETURN QUERY
  SELECT id FROM public.users
  WHERE company_id = v_company
    AND email OPERATOR(pg_catalog.~>=~) p_search
    AND email OPERATOR(pg_catalog.~<~) (p_search || chr(1114111))
    AND starts_with(email, p_search);
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_search_user_ids(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_search_user_ids(text, text) TO app;
