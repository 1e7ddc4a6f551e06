-- The product catalogue is the same for every company and has no row-level security: migration
-- 0001 granted the app role every right on every table, so a tenant transaction could have
-- renamed or deleted a product for all companies (no route does; ADR 008 noted it). The app role
-- reads it; only migrations, as the owner, write it.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "products" FROM app;
