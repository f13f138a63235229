-- Customers, their addresses and customer groups.

CREATE TABLE customer (
  id text PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text,
  billing_address_id text,
  password_hash text,
  phone text,
  has_account boolean NOT NULL DEFAULT false,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- A guest record and an account may share an email; two accounts (or two guests) may not. Also
-- serves every lookup by lower(email), the login's among them.
CREATE UNIQUE INDEX customer_email_has_account_unique ON customer (lower(email), has_account) WHERE deleted_at IS NULL;
-- The id tie-breaker of list pages is in the index, so a page needs no sort.
CREATE INDEX customer_created_at_idx ON customer (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX customer_updated_at_idx ON customer (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX customer_has_account_created_at_idx ON customer (has_account, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX customer_email_idx ON customer (email) WHERE deleted_at IS NULL;
CREATE INDEX customer_first_name_idx ON customer (first_name) WHERE deleted_at IS NULL;
CREATE INDEX customer_last_name_idx ON customer (last_name) WHERE deleted_at IS NULL;
-- `q` matches email, first and last name with ILIKE '%…%'.
CREATE INDEX customer_email_trgm_idx ON customer USING gin (email gin_trgm_ops);
CREATE INDEX customer_first_name_trgm_idx ON customer USING gin (first_name gin_trgm_ops);
CREATE INDEX customer_last_name_trgm_idx ON customer USING gin (last_name gin_trgm_ops);

-- Also the shipping and billing addresses of carts and orders, which have no customer_id.
CREATE TABLE address (
  id text PRIMARY KEY,
  customer_id text REFERENCES customer (id),
  company text,
  first_name text,
  last_name text,
  address_1 text,
  address_2 text,
  city text,
  country_code text REFERENCES country (iso_2),
  province text,
  postal_code text,
  phone text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX address_customer_id_idx ON address (customer_id, created_at) WHERE deleted_at IS NULL;

ALTER TABLE customer
  ADD CONSTRAINT customer_billing_address_id_fkey FOREIGN KEY (billing_address_id) REFERENCES address (id);

CREATE TABLE customer_group (
  id text PRIMARY KEY,
  name text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- Also serves the `name` filter and `order=name`.
CREATE UNIQUE INDEX customer_group_name_unique ON customer_group (name) WHERE deleted_at IS NULL;
CREATE INDEX customer_group_created_at_idx ON customer_group (created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX customer_group_updated_at_idx ON customer_group (updated_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX customer_group_name_trgm_idx ON customer_group USING gin (name gin_trgm_ops);
-- `id[contains]`, `id[starts_with]`, `id[ends_with]` match with ILIKE.
CREATE INDEX customer_group_id_trgm_idx ON customer_group USING gin (id gin_trgm_ops);

CREATE TABLE customer_group_customers (
  customer_group_id text NOT NULL REFERENCES customer_group (id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES customer (id) ON DELETE CASCADE,
  PRIMARY KEY (customer_group_id, customer_id)
);
CREATE INDEX customer_group_customers_customer_id_idx ON customer_group_customers (customer_id);
