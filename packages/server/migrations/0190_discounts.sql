-- Discounts: a rule (what it takes off), its conditions (which products or customers it is for),
-- the regions it is valid in, and the carts and orders it is applied to.

CREATE TABLE discount_rule (
  id text PRIMARY KEY,
  description text,
  type text NOT NULL CHECK (type IN ('fixed', 'percentage', 'free_shipping')),
  -- Minor units for `fixed`, a percent for `percentage`.
  value integer NOT NULL CHECK (value >= 0),
  allocation text CHECK (allocation IN ('total', 'item')),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE discount (
  id text PRIMARY KEY,
  -- Stored upper-cased; looked up by the upper-cased, trimmed code.
  code text NOT NULL,
  is_dynamic boolean NOT NULL DEFAULT false,
  rule_id text REFERENCES discount_rule (id),
  is_disabled boolean NOT NULL DEFAULT false,
  parent_discount_id text REFERENCES discount (id),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  valid_duration text,
  usage_limit integer CHECK (usage_limit > 0),
  -- Taken in the transaction that places the order: never above the limit.
  usage_count integer NOT NULL DEFAULT 0 CHECK (usage_limit IS NULL OR usage_count <= usage_limit),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX discount_code_unique ON discount (code) WHERE deleted_at IS NULL;
-- The admin list, newest first, and the dynamic codes of a parent.
CREATE INDEX discount_created_at_idx ON discount (created_at DESC, id) WHERE deleted_at IS NULL;
CREATE INDEX discount_parent_idx ON discount (parent_discount_id) WHERE deleted_at IS NULL;
CREATE INDEX discount_rule_id_idx ON discount (rule_id);
-- `q` is a substring of the code.
CREATE INDEX discount_code_trgm_idx ON discount USING gin (code gin_trgm_ops);

CREATE TABLE discount_regions (
  discount_id text NOT NULL REFERENCES discount (id) ON DELETE CASCADE,
  region_id text NOT NULL REFERENCES region (id) ON DELETE CASCADE,
  PRIMARY KEY (discount_id, region_id)
);
CREATE INDEX discount_regions_region_id_idx ON discount_regions (region_id);

CREATE TABLE discount_condition (
  id text PRIMARY KEY,
  type text NOT NULL
    CHECK (type IN ('products', 'product_types', 'product_collections', 'product_tags', 'customer_groups')),
  operator text NOT NULL CHECK (operator IN ('in', 'not_in')),
  discount_rule_id text NOT NULL REFERENCES discount_rule (id) ON DELETE CASCADE,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One condition per type and operator on a rule (v1).
CREATE UNIQUE INDEX discount_condition_rule_type_operator_unique ON discount_condition (discount_rule_id, type, operator)
  WHERE deleted_at IS NULL;

-- The products, types, collections, tags or customer groups of a condition: one table, the
-- condition's `type` says which ids these are.
CREATE TABLE discount_condition_resource (
  condition_id text NOT NULL REFERENCES discount_condition (id) ON DELETE CASCADE,
  resource_id text NOT NULL,
  PRIMARY KEY (condition_id, resource_id)
);

CREATE TABLE cart_discounts (
  cart_id text NOT NULL REFERENCES cart (id) ON DELETE CASCADE,
  discount_id text NOT NULL REFERENCES discount (id) ON DELETE CASCADE,
  PRIMARY KEY (cart_id, discount_id)
);
CREATE INDEX cart_discounts_discount_id_idx ON cart_discounts (discount_id);

CREATE TABLE order_discounts (
  order_id text NOT NULL REFERENCES "order" (id) ON DELETE CASCADE,
  discount_id text NOT NULL REFERENCES discount (id),
  PRIMARY KEY (order_id, discount_id)
);
CREATE INDEX order_discounts_discount_id_idx ON order_discounts (discount_id);

ALTER TABLE line_item_adjustment
  ADD CONSTRAINT line_item_adjustment_discount_fk FOREIGN KEY (discount_id) REFERENCES discount (id);

-- The admin list's other filters.
CREATE INDEX discount_is_disabled_idx ON discount (is_disabled) WHERE deleted_at IS NULL;
CREATE INDEX discount_is_dynamic_idx ON discount (is_dynamic) WHERE deleted_at IS NULL;
CREATE INDEX discount_updated_at_idx ON discount (updated_at) WHERE deleted_at IS NULL;
