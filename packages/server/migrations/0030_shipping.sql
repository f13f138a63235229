-- Shipping profiles, shipping options with their requirements, and the shipping profile of each product.

CREATE TABLE shipping_profile (
  id text PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('default', 'gift_card', 'custom')),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One live default and one live gift-card profile: options and products fall back to them.
CREATE UNIQUE INDEX shipping_profile_type_unique ON shipping_profile (type)
  WHERE deleted_at IS NULL AND type IN ('default', 'gift_card');
-- GET /admin/shipping-profiles: live profiles, oldest first.
CREATE INDEX shipping_profile_created_at_idx ON shipping_profile (created_at, id) WHERE deleted_at IS NULL;

CREATE TABLE shipping_option (
  id text PRIMARY KEY,
  name text NOT NULL,
  region_id text NOT NULL REFERENCES region (id),
  profile_id text NOT NULL REFERENCES shipping_profile (id),
  provider_id text NOT NULL REFERENCES fulfillment_provider (id),
  price_type text NOT NULL CHECK (price_type IN ('flat_rate', 'calculated')),
  -- Minor units; null for calculated options, whose provider prices them per cart.
  amount integer CHECK (amount >= 0),
  is_return boolean NOT NULL DEFAULT false,
  admin_only boolean NOT NULL DEFAULT false,
  data jsonb NOT NULL DEFAULT '{}',
  includes_tax boolean NOT NULL DEFAULT false,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (price_type = 'calculated' OR amount IS NOT NULL)
);
-- Lists by region (admin settings, storefront, carts), optionally by is_return/admin_only, newest first.
CREATE INDEX shipping_option_region_idx ON shipping_option (region_id, is_return, admin_only, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
-- Options of the profiles of a cart's products or of `product_ids`.
CREATE INDEX shipping_option_profile_idx ON shipping_option (profile_id, region_id) WHERE deleted_at IS NULL;
-- GET /admin/shipping-options without region: default order, is_return/admin_only filters, other sorts.
CREATE INDEX shipping_option_created_at_idx ON shipping_option (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX shipping_option_flags_idx ON shipping_option (is_return, admin_only, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX shipping_option_updated_at_idx ON shipping_option (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX shipping_option_name_idx ON shipping_option (name) WHERE deleted_at IS NULL;
CREATE INDEX shipping_option_deleted_at_idx ON shipping_option (deleted_at) WHERE deleted_at IS NOT NULL;
-- `q` matches the name with ILIKE '%…%'.
CREATE INDEX shipping_option_name_trgm_idx ON shipping_option USING gin (name gin_trgm_ops);

-- Replaced requirements are soft-deleted; at most one live requirement per type is checked by the
-- service under a lock on the option, so two kept requirements may swap types in one update.
CREATE TABLE shipping_option_requirement (
  id text PRIMARY KEY,
  shipping_option_id text NOT NULL REFERENCES shipping_option (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('min_subtotal', 'max_subtotal')),
  amount integer NOT NULL CHECK (amount >= 0),
  deleted_at timestamptz
);
CREATE INDEX shipping_option_requirement_option_idx ON shipping_option_requirement (shipping_option_id)
  WHERE deleted_at IS NULL;

-- Products belong to one shipping profile (v1). Products without one are read as belonging to the
-- default profile (gift cards: the gift-card profile).
ALTER TABLE product ADD COLUMN IF NOT EXISTS profile_id text REFERENCES shipping_profile (id);
CREATE INDEX IF NOT EXISTS product_profile_id_idx ON product (profile_id);
