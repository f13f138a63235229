-- Foundation: events, sessions, store settings, currencies, users, invites, notifications,
-- regions and countries, providers, sales channels and publishable API keys.

CREATE TABLE outbox (
  id text PRIMARY KEY,
  event_name text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  available_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_pending_idx ON outbox (available_at, id) WHERE delivered_at IS NULL;

CREATE TABLE session (
  sid text PRIMARY KEY,
  data jsonb NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX session_expires_at_idx ON session (expires_at);

CREATE TABLE currency (
  code text PRIMARY KEY CHECK (code = lower(code)),
  symbol text NOT NULL,
  symbol_native text NOT NULL,
  name text NOT NULL,
  decimal_digits integer NOT NULL DEFAULT 2,
  includes_tax boolean NOT NULL DEFAULT false
);
CREATE INDEX currency_name_trgm_idx ON currency USING gin (name gin_trgm_ops);

CREATE TABLE sales_channel (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text,
  is_disabled boolean NOT NULL DEFAULT false,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX sales_channel_created_at_idx ON sales_channel (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX sales_channel_name_trgm_idx ON sales_channel USING gin (name gin_trgm_ops);

CREATE TABLE store (
  id text PRIMARY KEY,
  name text NOT NULL DEFAULT 'Emporium Store',
  default_currency_code text NOT NULL DEFAULT 'usd' REFERENCES currency (code),
  swap_link_template text,
  payment_link_template text,
  invite_link_template text,
  default_location_id text,
  default_sales_channel_id text REFERENCES sales_channel (id),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE store_currency (
  store_id text NOT NULL REFERENCES store (id) ON DELETE CASCADE,
  currency_code text NOT NULL REFERENCES currency (code),
  PRIMARY KEY (store_id, currency_code)
);

CREATE TABLE "user" (
  id text PRIMARY KEY,
  email text NOT NULL,
  first_name text,
  last_name text,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'developer')),
  password_hash text,
  api_token text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX user_email_unique ON "user" (lower(email)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX user_api_token_unique ON "user" (api_token) WHERE api_token IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX user_created_at_idx ON "user" (created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE invite (
  id text PRIMARY KEY,
  user_email text NOT NULL,
  role text NOT NULL DEFAULT 'member' CHECK (role IN ('admin', 'member', 'developer')),
  accepted boolean NOT NULL DEFAULT false,
  token text NOT NULL,
  expires_at timestamptz NOT NULL DEFAULT now(),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX invite_user_email_unique ON invite (lower(user_email)) WHERE deleted_at IS NULL;

CREATE TABLE notification (
  id text PRIMARY KEY,
  event_name text,
  resource_type text NOT NULL,
  resource_id text NOT NULL,
  customer_id text,
  "to" text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  parent_id text REFERENCES notification (id),
  provider_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_created_at_idx ON notification (created_at DESC);
CREATE INDEX notification_resource_idx ON notification (resource_type, resource_id);
CREATE INDEX notification_to_idx ON notification ("to");

CREATE TABLE payment_provider (
  id text PRIMARY KEY,
  is_installed boolean NOT NULL DEFAULT true
);
CREATE TABLE fulfillment_provider (
  id text PRIMARY KEY,
  is_installed boolean NOT NULL DEFAULT true
);
CREATE TABLE tax_provider (
  id text PRIMARY KEY,
  is_installed boolean NOT NULL DEFAULT true
);

CREATE TABLE region (
  id text PRIMARY KEY,
  name text NOT NULL,
  currency_code text NOT NULL REFERENCES currency (code),
  tax_rate real NOT NULL CHECK (tax_rate >= 0 AND tax_rate <= 100),
  tax_code text,
  gift_cards_taxable boolean NOT NULL DEFAULT true,
  automatic_taxes boolean NOT NULL DEFAULT true,
  tax_provider_id text REFERENCES tax_provider (id),
  includes_tax boolean NOT NULL DEFAULT false,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX region_created_at_idx ON region (created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX region_name_trgm_idx ON region USING gin (name gin_trgm_ops);

CREATE TABLE region_payment_provider (
  region_id text NOT NULL REFERENCES region (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES payment_provider (id),
  PRIMARY KEY (region_id, provider_id)
);
CREATE TABLE region_fulfillment_provider (
  region_id text NOT NULL REFERENCES region (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES fulfillment_provider (id),
  PRIMARY KEY (region_id, provider_id)
);

CREATE TABLE country (
  id serial PRIMARY KEY,
  iso_2 text NOT NULL UNIQUE CHECK (iso_2 = lower(iso_2)),
  iso_3 text NOT NULL,
  num_code integer NOT NULL,
  name text NOT NULL,
  display_name text NOT NULL,
  region_id text REFERENCES region (id) ON DELETE SET NULL
);
CREATE INDEX country_region_id_idx ON country (region_id);

CREATE TABLE publishable_api_key (
  id text PRIMARY KEY,
  title text NOT NULL,
  created_by text,
  revoked_by text,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX publishable_api_key_created_at_idx ON publishable_api_key (created_at DESC);
CREATE INDEX publishable_api_key_title_trgm_idx ON publishable_api_key USING gin (title gin_trgm_ops);

CREATE TABLE publishable_api_key_sales_channel (
  id text PRIMARY KEY,
  publishable_key_id text NOT NULL REFERENCES publishable_api_key (id) ON DELETE CASCADE,
  sales_channel_id text NOT NULL REFERENCES sales_channel (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (publishable_key_id, sales_channel_id)
);
CREATE INDEX publishable_api_key_sales_channel_sc_idx ON publishable_api_key_sales_channel (sales_channel_id);
