-- The user search's GIN index (0013) takes new entries straight into the index instead of a
-- pending list: every search read the whole pending list (10,000 users bulk-added since the last
-- vacuum made each search of a 50,000-user company 4 times slower, bench figure 4c). Users are
-- added rarely and searched often, so the insert pays, not the search.
ALTER INDEX "users_company_name_search_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('users_company_name_search_idx'::regclass);
