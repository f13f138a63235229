-- Inventory and stock locations: multi-warehouse stock levels, reservations of ordered units, and the
-- links from variants to inventory items and from sales channels to stock locations.
--
-- Guarantees held by the database itself (CHECK constraints):
--   * stocked, reserved and incoming quantities are never negative. A backorder is a reservation
--     beyond the stock (reserved > stocked, so available = stocked - reserved < 0), never negative stock.
--   * a reservation holds at least one unit; a variant needs at least one unit of each linked item.

CREATE TABLE stock_location_address (
  id text PRIMARY KEY,
  address_1 text NOT NULL,
  address_2 text,
  company text,
  city text,
  country_code text NOT NULL,
  phone text,
  province text,
  postal_code text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE stock_location (
  id text PRIMARY KEY,
  name text NOT NULL,
  address_id text REFERENCES stock_location_address (id),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- GET /admin/stock-locations: default order created_at, filters on name and address_id, `q` over name.
CREATE INDEX stock_location_created_at_idx ON stock_location (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX stock_location_name_idx ON stock_location (name);
CREATE INDEX stock_location_address_id_idx ON stock_location (address_id);
CREATE INDEX stock_location_name_trgm_idx ON stock_location USING gin (name gin_trgm_ops);

-- Which locations serve a sales channel: the primary key serves the channel's side (availability,
-- reservations), the second index the location's side (the sales_channel_id filter, deletes).
CREATE TABLE sales_channel_stock_location (
  sales_channel_id text NOT NULL REFERENCES sales_channel (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES stock_location (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sales_channel_id, location_id)
);
CREATE INDEX sales_channel_stock_location_location_id_idx ON sales_channel_stock_location (location_id);

CREATE TABLE inventory_item (
  id text PRIMARY KEY,
  sku text,
  origin_country text,
  hs_code text,
  mid_code text,
  material text,
  title text,
  description text,
  thumbnail text,
  weight integer,
  length integer,
  height integer,
  width integer,
  requires_shipping boolean NOT NULL DEFAULT true,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX inventory_item_sku_key ON inventory_item (sku) WHERE deleted_at IS NULL;
-- GET /admin/inventory-items: default order created_at; equality filters; `q` over sku and title.
CREATE INDEX inventory_item_created_at_idx ON inventory_item (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX inventory_item_origin_country_idx ON inventory_item (origin_country);
CREATE INDEX inventory_item_hs_code_idx ON inventory_item (hs_code);
CREATE INDEX inventory_item_mid_code_idx ON inventory_item (mid_code);
CREATE INDEX inventory_item_material_idx ON inventory_item (material);
CREATE INDEX inventory_item_sku_trgm_idx ON inventory_item USING gin (sku gin_trgm_ops);
CREATE INDEX inventory_item_title_trgm_idx ON inventory_item USING gin (title gin_trgm_ops);

CREATE TABLE product_variant_inventory_item (
  id text PRIMARY KEY,
  variant_id text NOT NULL REFERENCES product_variant (id) ON DELETE CASCADE,
  inventory_item_id text NOT NULL REFERENCES inventory_item (id) ON DELETE CASCADE,
  required_quantity integer NOT NULL DEFAULT 1
    CONSTRAINT product_variant_inventory_item_required_quantity_check CHECK (required_quantity > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX product_variant_inventory_item_variant_item_key
  ON product_variant_inventory_item (variant_id, inventory_item_id) WHERE deleted_at IS NULL;
CREATE INDEX product_variant_inventory_item_inventory_item_id_idx
  ON product_variant_inventory_item (inventory_item_id) WHERE deleted_at IS NULL;

CREATE TABLE inventory_level (
  id text PRIMARY KEY,
  inventory_item_id text NOT NULL REFERENCES inventory_item (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES stock_location (id) ON DELETE CASCADE,
  stocked_quantity integer NOT NULL DEFAULT 0
    CONSTRAINT inventory_level_stocked_quantity_check CHECK (stocked_quantity >= 0),
  reserved_quantity integer NOT NULL DEFAULT 0
    CONSTRAINT inventory_level_reserved_quantity_check CHECK (reserved_quantity >= 0),
  incoming_quantity integer NOT NULL DEFAULT 0
    CONSTRAINT inventory_level_incoming_quantity_check CHECK (incoming_quantity >= 0),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One live level per item and location; also serves the item's levels and the reservation UPDATE.
CREATE UNIQUE INDEX inventory_level_item_location_key
  ON inventory_level (inventory_item_id, location_id) WHERE deleted_at IS NULL;
CREATE INDEX inventory_level_location_id_idx ON inventory_level (location_id) WHERE deleted_at IS NULL;

CREATE TABLE reservation_item (
  id text PRIMARY KEY,
  line_item_id text,
  inventory_item_id text NOT NULL REFERENCES inventory_item (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES stock_location (id) ON DELETE CASCADE,
  quantity integer NOT NULL CONSTRAINT reservation_item_quantity_check CHECK (quantity > 0),
  external_id text,
  description text,
  created_by text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- GET /admin/reservations: default order created_at; filters on line item, item, location, creator.
CREATE INDEX reservation_item_created_at_idx ON reservation_item (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX reservation_item_line_item_id_idx ON reservation_item (line_item_id) WHERE deleted_at IS NULL;
CREATE INDEX reservation_item_inventory_item_id_idx ON reservation_item (inventory_item_id) WHERE deleted_at IS NULL;
CREATE INDEX reservation_item_location_id_idx ON reservation_item (location_id) WHERE deleted_at IS NULL;
CREATE INDEX reservation_item_created_by_idx ON reservation_item (created_by) WHERE deleted_at IS NULL;
