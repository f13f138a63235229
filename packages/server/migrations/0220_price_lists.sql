-- Price lists: sale or override prices (rows of money_amount with price_list_id) for everyone or
-- for some customer groups, in a time window.

CREATE TABLE price_list (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  type text NOT NULL DEFAULT 'sale' CHECK (type IN ('sale', 'override')),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('active', 'draft')),
  starts_at timestamptz,
  ends_at timestamptz,
  includes_tax boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- The admin list, newest first, and its filters.
CREATE INDEX price_list_created_at_idx ON price_list (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX price_list_updated_at_idx ON price_list (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX price_list_status_type_idx ON price_list (status, type) WHERE deleted_at IS NULL;
CREATE INDEX price_list_type_idx ON price_list (type) WHERE deleted_at IS NULL;
CREATE INDEX price_list_name_trgm_idx ON price_list USING gin (name gin_trgm_ops);
CREATE INDEX price_list_description_trgm_idx ON price_list USING gin (description gin_trgm_ops);
CREATE INDEX price_list_deleted_at_idx ON price_list (deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE price_list_customer_groups (
  price_list_id text NOT NULL REFERENCES price_list (id) ON DELETE CASCADE,
  customer_group_id text NOT NULL REFERENCES customer_group (id) ON DELETE CASCADE,
  PRIMARY KEY (price_list_id, customer_group_id)
);
CREATE INDEX price_list_customer_groups_group_idx ON price_list_customer_groups (customer_group_id);

-- Prices of a deleted list go with it; a list's prices are read by list, by variant and list.
ALTER TABLE money_amount
  ADD CONSTRAINT money_amount_price_list_fk FOREIGN KEY (price_list_id) REFERENCES price_list (id) ON DELETE CASCADE;
CREATE INDEX money_amount_list_variant_idx ON money_amount (price_list_id, variant_id)
  WHERE price_list_id IS NOT NULL AND deleted_at IS NULL;
