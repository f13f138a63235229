-- What a merchant does with an order after it is placed: fulfilments with their items and tracking
-- links, refunds, the claims that keep provider calls on one order one at a time, and the indexes
-- behind every filter and sort of GET /admin/orders.

CREATE TABLE fulfillment (
  id text PRIMARY KEY,
  claim_order_id text,
  swap_id text,
  order_id text REFERENCES "order" (id),
  no_notification boolean,
  provider_id text NOT NULL,
  location_id text,
  tracking_numbers jsonb NOT NULL DEFAULT '[]'::jsonb,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  shipped_at timestamptz,
  canceled_at timestamptz,
  metadata jsonb,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fulfillment_order_id_idx ON fulfillment (order_id, created_at) WHERE order_id IS NOT NULL;

CREATE TABLE fulfillment_item (
  fulfillment_id text NOT NULL REFERENCES fulfillment (id) ON DELETE CASCADE,
  item_id text NOT NULL REFERENCES line_item (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (fulfillment_id, item_id)
);
CREATE INDEX fulfillment_item_item_id_idx ON fulfillment_item (item_id);

CREATE TABLE tracking_link (
  id text PRIMARY KEY,
  url text,
  tracking_number text NOT NULL,
  fulfillment_id text NOT NULL REFERENCES fulfillment (id) ON DELETE CASCADE,
  idempotency_key text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX tracking_link_fulfillment_id_idx ON tracking_link (fulfillment_id) WHERE deleted_at IS NULL;

CREATE TABLE refund (
  id text PRIMARY KEY,
  order_id text REFERENCES "order" (id),
  payment_id text REFERENCES payment (id),
  amount integer NOT NULL CHECK (amount > 0),
  note text,
  reason text NOT NULL CHECK (reason IN ('discount', 'return', 'swap', 'claim', 'other')),
  metadata jsonb,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refund_order_id_idx ON refund (order_id, created_at) WHERE order_id IS NOT NULL;
CREATE INDEX refund_payment_id_idx ON refund (payment_id) WHERE payment_id IS NOT NULL;

-- One provider operation (capture, refund, fulfilment…) at a time per order (or per payment without
-- one): taken and committed before the provider is called, released after its answer is recorded.
-- A claim whose process died lapses at expires_at.
CREATE TABLE order_operation (
  resource_id text PRIMARY KEY,
  kind text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- GET /admin/orders: every filter and every declared sort leads an index.
CREATE INDEX order_status_idx ON "order" (status, created_at DESC, id DESC);
CREATE INDEX order_fulfillment_status_idx ON "order" (fulfillment_status, created_at DESC, id DESC);
CREATE INDEX order_payment_status_idx ON "order" (payment_status, created_at DESC, id DESC);
CREATE INDEX order_region_id_idx ON "order" (region_id, created_at DESC, id DESC);
CREATE INDEX order_currency_code_idx ON "order" (currency_code, created_at DESC, id DESC);
CREATE INDEX order_tax_rate_idx ON "order" (tax_rate, created_at DESC, id DESC);
CREATE INDEX order_sales_channel_id_idx ON "order" (sales_channel_id, created_at DESC, id DESC)
  WHERE sales_channel_id IS NOT NULL;
CREATE INDEX order_updated_at_idx ON "order" (updated_at DESC, id DESC);
CREATE INDEX order_canceled_at_idx ON "order" (canceled_at DESC, id DESC);
CREATE INDEX order_display_id_idx ON "order" (display_id DESC, id DESC);
-- q: the e-mail and the shipping address's names, matched anywhere in the text.
CREATE INDEX order_email_trgm_idx ON "order" USING gin (email gin_trgm_ops);
CREATE INDEX address_first_name_trgm_idx ON address USING gin (first_name gin_trgm_ops);
CREATE INDEX address_last_name_trgm_idx ON address USING gin (last_name gin_trgm_ops);
CREATE INDEX order_shipping_address_id_idx ON "order" (shipping_address_id) WHERE shipping_address_id IS NOT NULL;
