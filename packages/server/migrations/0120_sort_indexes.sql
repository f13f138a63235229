-- Every column an admin list may be ordered by leads an index, so a page is read off the index
-- whatever the table's size (`sort-indexes.test.ts` checks each declared sort). These are the
-- sorts that had none. A user's batch jobs are listed by their creator, so that index starts with it.
CREATE INDEX batch_job_created_by_updated_at_idx ON batch_job (created_by, updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX stock_location_updated_at_idx ON stock_location (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX inventory_item_updated_at_idx ON inventory_item (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX reservation_item_updated_at_idx ON reservation_item (updated_at, id) WHERE deleted_at IS NULL;
CREATE INDEX reservation_item_quantity_idx ON reservation_item (quantity, id) WHERE deleted_at IS NULL;
CREATE INDEX user_updated_at_idx ON "user" (updated_at DESC, id DESC) WHERE deleted_at IS NULL;
-- The unique index is on lower(email), which an ORDER BY email cannot use.
CREATE INDEX user_email_idx ON "user" (email, id) WHERE deleted_at IS NULL;
