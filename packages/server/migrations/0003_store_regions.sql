-- Indexes behind the store, currency and region list filters and sorts.

-- GET /admin/currencies: order by name, q over code and name, includes_tax filter.
CREATE INDEX currency_name_idx ON currency (name);
CREATE INDEX currency_code_trgm_idx ON currency USING gin (code gin_trgm_ops);
CREATE INDEX currency_includes_tax_idx ON currency (includes_tax, code);

-- Checking that a region's currency is one of the store's looks store_currency up by code.
CREATE INDEX store_currency_currency_code_idx ON store_currency (currency_code);

-- GET /admin/regions: order by name or updated_at, updated_at and deleted_at filters.
CREATE INDEX region_name_idx ON region (name) WHERE deleted_at IS NULL;
CREATE INDEX region_updated_at_idx ON region (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX region_deleted_at_idx ON region (deleted_at) WHERE deleted_at IS NOT NULL;
