-- Tax rates: override rates for products, product types and shipping options within a region.

CREATE TABLE tax_rate (
  id text PRIMARY KEY,
  rate real,
  code text,
  name text NOT NULL,
  region_id text NOT NULL REFERENCES region (id),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- GET /admin/tax-rates: default order -created_at (id as the page tie-breaker), region_id filter
-- (also the system tax provider's lookup), sorts and equality filters on updated_at, name, code,
-- rate, and `q` over name with ILIKE '%…%'.
CREATE INDEX tax_rate_created_at_idx ON tax_rate (created_at DESC, id DESC);
CREATE INDEX tax_rate_region_id_created_at_idx ON tax_rate (region_id, created_at DESC, id DESC);
CREATE INDEX tax_rate_updated_at_idx ON tax_rate (updated_at DESC);
CREATE INDEX tax_rate_name_idx ON tax_rate (name);
CREATE INDEX tax_rate_code_idx ON tax_rate (code);
CREATE INDEX tax_rate_rate_idx ON tax_rate (rate);
CREATE INDEX tax_rate_name_trgm_idx ON tax_rate USING gin (name gin_trgm_ops);

-- The join rows: the primary key serves lookups by product / type / option (tax lines); the
-- rate_id index serves the rate's side (expand, counts, replacing links).
CREATE TABLE product_tax_rate (
  product_id text NOT NULL REFERENCES product (id) ON DELETE CASCADE,
  rate_id text NOT NULL REFERENCES tax_rate (id) ON DELETE CASCADE,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_id, rate_id)
);
CREATE INDEX product_tax_rate_rate_id_idx ON product_tax_rate (rate_id);

CREATE TABLE product_type_tax_rate (
  product_type_id text NOT NULL REFERENCES product_type (id) ON DELETE CASCADE,
  rate_id text NOT NULL REFERENCES tax_rate (id) ON DELETE CASCADE,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (product_type_id, rate_id)
);
CREATE INDEX product_type_tax_rate_rate_id_idx ON product_type_tax_rate (rate_id);

CREATE TABLE shipping_tax_rate (
  shipping_option_id text NOT NULL REFERENCES shipping_option (id) ON DELETE CASCADE,
  rate_id text NOT NULL REFERENCES tax_rate (id) ON DELETE CASCADE,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shipping_option_id, rate_id)
);
CREATE INDEX shipping_tax_rate_rate_id_idx ON shipping_tax_rate (rate_id);
