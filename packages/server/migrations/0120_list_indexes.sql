-- Every column a list may be ordered by leads an index, so a page is read off the index
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

-- Every list filter has an index (`filter-indexes.test.ts`). These filters had none.
CREATE INDEX shipping_option_admin_only_idx ON shipping_option (admin_only, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX notification_resource_id_idx ON notification (resource_id);
CREATE INDEX product_variant_allow_backorder_idx ON product_variant (allow_backorder, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX inventory_item_requires_shipping_idx ON inventory_item (requires_shipping, created_at, id) WHERE deleted_at IS NULL;
-- A description is free text of any length, which a B-tree cannot always hold; a hash index can.
CREATE INDEX reservation_item_description_idx ON reservation_item USING hash (description) WHERE deleted_at IS NULL;
