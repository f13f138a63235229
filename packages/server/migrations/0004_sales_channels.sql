-- Sales channels and publishable API keys: the indexes behind the admin list filters and sorts
-- (created_at and the trigram indexes on name and title are in 0001).

CREATE INDEX sales_channel_updated_at_idx ON sales_channel (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX sales_channel_name_idx ON sales_channel (name) WHERE deleted_at IS NULL;
-- `deleted_at[...]` filters read the soft-deleted rows, which the partial indexes above skip.
CREATE INDEX sales_channel_deleted_at_idx ON sales_channel (deleted_at) WHERE deleted_at IS NOT NULL;
-- Serves both `q` (ILIKE) and the `description=` equality filter; a btree would cap its length.
CREATE INDEX sales_channel_description_trgm_idx ON sales_channel USING gin (description gin_trgm_ops);

CREATE INDEX publishable_api_key_updated_at_idx ON publishable_api_key (updated_at DESC);
CREATE INDEX publishable_api_key_title_idx ON publishable_api_key (title);
CREATE INDEX publishable_api_key_revoked_at_idx ON publishable_api_key (revoked_at) WHERE revoked_at IS NOT NULL;
