-- Catalogue: collections, types, tags, products, variants, options and their values, images,
-- categories, product ↔ sales channel links and money amounts (variant prices).
--
-- Every list filter and sort has an index. Lists read non-deleted rows, so most indexes are partial
-- on `deleted_at IS NULL`; a `deleted_at[...]` filter reads the soft-deleted rows through the
-- `*_deleted_at_idx` partial indexes. Long free-text columns (description) are served by trigram
-- indexes, which also answer equality, because a btree would cap their length.

CREATE TABLE product_collection (
  id text PRIMARY KEY,
  title text NOT NULL,
  handle text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX product_collection_handle_unique ON product_collection (handle) WHERE deleted_at IS NULL;
CREATE INDEX product_collection_created_at_idx ON product_collection (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_collection_updated_at_idx ON product_collection (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_collection_title_idx ON product_collection (title) WHERE deleted_at IS NULL;
CREATE INDEX product_collection_deleted_at_idx ON product_collection (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX product_collection_title_trgm_idx ON product_collection USING gin (title gin_trgm_ops);
CREATE INDEX product_collection_handle_trgm_idx ON product_collection USING gin (handle gin_trgm_ops);

CREATE TABLE product_type (
  id text PRIMARY KEY,
  value text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- Types and tags are shared by value: a product naming an existing value reuses its row.
CREATE UNIQUE INDEX product_type_value_unique ON product_type (value) WHERE deleted_at IS NULL;
CREATE INDEX product_type_created_at_idx ON product_type (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_type_updated_at_idx ON product_type (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_type_value_trgm_idx ON product_type USING gin (value gin_trgm_ops);

CREATE TABLE product_tag (
  id text PRIMARY KEY,
  value text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX product_tag_value_unique ON product_tag (value) WHERE deleted_at IS NULL;
CREATE INDEX product_tag_created_at_idx ON product_tag (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_tag_updated_at_idx ON product_tag (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_tag_value_trgm_idx ON product_tag USING gin (value gin_trgm_ops);

CREATE TABLE product (
  id text PRIMARY KEY,
  title text NOT NULL,
  subtitle text,
  description text,
  handle text,
  is_giftcard boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'proposed', 'published', 'rejected')),
  thumbnail text,
  weight double precision,
  length double precision,
  height double precision,
  width double precision,
  hs_code text,
  origin_country text,
  mid_code text,
  material text,
  collection_id text REFERENCES product_collection (id) ON DELETE SET NULL,
  type_id text REFERENCES product_type (id) ON DELETE SET NULL,
  discountable boolean NOT NULL DEFAULT true,
  external_id text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX product_handle_unique ON product (handle) WHERE deleted_at IS NULL;
-- Finding a free generated handle (`shirt`, `shirt-1`…) is a prefix search.
CREATE INDEX product_handle_pattern_idx ON product (handle text_pattern_ops) WHERE deleted_at IS NULL;
CREATE INDEX product_created_at_idx ON product (created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- The storefront list: published products, newest first.
CREATE INDEX product_published_created_at_idx ON product (created_at DESC, id DESC)
  WHERE deleted_at IS NULL AND status = 'published';
CREATE INDEX product_updated_at_idx ON product (updated_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_title_idx ON product (title, id) WHERE deleted_at IS NULL;
CREATE INDEX product_status_idx ON product (status, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_is_giftcard_idx ON product (is_giftcard, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_collection_id_idx ON product (collection_id) WHERE collection_id IS NOT NULL;
CREATE INDEX product_type_id_idx ON product (type_id) WHERE type_id IS NOT NULL;
CREATE INDEX product_deleted_at_idx ON product (deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX product_title_trgm_idx ON product USING gin (title gin_trgm_ops);
CREATE INDEX product_description_trgm_idx ON product USING gin (description gin_trgm_ops);

CREATE TABLE product_variant (
  id text PRIMARY KEY,
  title text NOT NULL,
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  sku text,
  barcode text,
  ean text,
  upc text,
  variant_rank integer DEFAULT 0,
  inventory_quantity integer NOT NULL DEFAULT 0,
  allow_backorder boolean NOT NULL DEFAULT false,
  manage_inventory boolean NOT NULL DEFAULT true,
  hs_code text,
  origin_country text,
  mid_code text,
  material text,
  weight double precision,
  length double precision,
  height double precision,
  width double precision,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX product_variant_sku_unique ON product_variant (sku) WHERE deleted_at IS NULL AND sku IS NOT NULL;
CREATE UNIQUE INDEX product_variant_barcode_unique ON product_variant (barcode)
  WHERE deleted_at IS NULL AND barcode IS NOT NULL;
CREATE UNIQUE INDEX product_variant_ean_unique ON product_variant (ean) WHERE deleted_at IS NULL AND ean IS NOT NULL;
CREATE UNIQUE INDEX product_variant_upc_unique ON product_variant (upc) WHERE deleted_at IS NULL AND upc IS NOT NULL;
CREATE INDEX product_variant_product_id_idx ON product_variant (product_id, variant_rank, created_at)
  WHERE deleted_at IS NULL;
CREATE INDEX product_variant_created_at_idx ON product_variant (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_variant_updated_at_idx ON product_variant (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX product_variant_title_idx ON product_variant (title) WHERE deleted_at IS NULL;
CREATE INDEX product_variant_inventory_quantity_idx ON product_variant (inventory_quantity) WHERE deleted_at IS NULL;
CREATE INDEX product_variant_flags_idx ON product_variant (manage_inventory, allow_backorder) WHERE deleted_at IS NULL;
CREATE INDEX product_variant_title_trgm_idx ON product_variant USING gin (title gin_trgm_ops);
CREATE INDEX product_variant_sku_trgm_idx ON product_variant USING gin (sku gin_trgm_ops);

CREATE TABLE product_option (
  id text PRIMARY KEY,
  title text NOT NULL,
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX product_option_product_id_idx ON product_option (product_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE product_option_value (
  id text PRIMARY KEY,
  value text NOT NULL,
  option_id text NOT NULL REFERENCES product_option (id) ON DELETE CASCADE,
  variant_id text NOT NULL REFERENCES product_variant (id) ON DELETE CASCADE,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- One value per variant per option.
CREATE UNIQUE INDEX product_option_value_option_variant_unique ON product_option_value (option_id, variant_id)
  WHERE deleted_at IS NULL;
CREATE INDEX product_option_value_variant_id_idx ON product_option_value (variant_id) WHERE deleted_at IS NULL;

CREATE TABLE image (
  id text PRIMARY KEY,
  url text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE product_images (
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  image_id text NOT NULL REFERENCES image (id) ON DELETE CASCADE,
  rank integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, image_id)
);
CREATE INDEX product_images_image_id_idx ON product_images (image_id);

CREATE TABLE product_tags (
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  product_tag_id text NOT NULL REFERENCES product_tag (id) ON DELETE CASCADE,
  PRIMARY KEY (product_id, product_tag_id)
);
CREATE INDEX product_tags_product_tag_id_idx ON product_tags (product_tag_id, product_id);

CREATE TABLE product_category (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  handle text NOT NULL,
  is_active boolean NOT NULL DEFAULT false,
  is_internal boolean NOT NULL DEFAULT false,
  parent_category_id text REFERENCES product_category (id),
  rank integer NOT NULL DEFAULT 0 CHECK (rank >= 0),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_category_id IS NULL OR parent_category_id <> id)
);
CREATE UNIQUE INDEX product_category_handle_unique ON product_category (handle);
CREATE INDEX product_category_parent_rank_idx ON product_category (parent_category_id, rank);
CREATE INDEX product_category_rank_idx ON product_category (rank, handle);
CREATE INDEX product_category_created_at_idx ON product_category (created_at DESC, id DESC);
CREATE INDEX product_category_updated_at_idx ON product_category (updated_at DESC);
CREATE INDEX product_category_name_idx ON product_category (name);
CREATE INDEX product_category_visibility_idx ON product_category (is_active, is_internal);
CREATE INDEX product_category_name_trgm_idx ON product_category USING gin (name gin_trgm_ops);
CREATE INDEX product_category_handle_trgm_idx ON product_category USING gin (handle gin_trgm_ops);

CREATE TABLE product_category_product (
  product_category_id text NOT NULL REFERENCES product_category (id) ON DELETE CASCADE,
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  PRIMARY KEY (product_category_id, product_id)
);
CREATE INDEX product_category_product_product_id_idx ON product_category_product (product_id);

CREATE TABLE product_sales_channel (
  id text PRIMARY KEY,
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  sales_channel_id text NOT NULL REFERENCES sales_channel (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, sales_channel_id)
);
CREATE INDEX product_sales_channel_sales_channel_id_idx ON product_sales_channel (sales_channel_id, product_id);

-- Variant prices. `variant_id` sits on the row (v1 kept it in a join table, but a price belongs to
-- exactly one variant). `price_list_id` has no foreign key until price lists exist.
CREATE TABLE money_amount (
  id text PRIMARY KEY,
  currency_code text NOT NULL REFERENCES currency (code),
  amount integer NOT NULL CHECK (amount >= 0),
  min_quantity integer CHECK (min_quantity >= 0),
  max_quantity integer CHECK (max_quantity >= 0),
  price_list_id text,
  region_id text REFERENCES region (id) ON DELETE CASCADE,
  variant_id text NOT NULL REFERENCES product_variant (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (min_quantity IS NULL OR max_quantity IS NULL OR min_quantity <= max_quantity)
);
CREATE INDEX money_amount_variant_id_idx ON money_amount (variant_id, currency_code) WHERE deleted_at IS NULL;
CREATE INDEX money_amount_region_id_idx ON money_amount (region_id) WHERE region_id IS NOT NULL;
CREATE INDEX money_amount_currency_code_idx ON money_amount (currency_code);
CREATE INDEX money_amount_price_list_id_idx ON money_amount (price_list_id) WHERE price_list_id IS NOT NULL;
