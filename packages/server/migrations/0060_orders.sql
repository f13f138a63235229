-- Orders and their payments, placed by cart completion.

CREATE TABLE "order" (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'completed', 'archived', 'canceled', 'requires_action')),
  fulfillment_status text NOT NULL DEFAULT 'not_fulfilled'
    CHECK (fulfillment_status IN ('not_fulfilled', 'partially_fulfilled', 'fulfilled', 'partially_shipped', 'shipped',
      'partially_returned', 'returned', 'canceled', 'requires_action')),
  payment_status text NOT NULL DEFAULT 'not_paid'
    CHECK (payment_status IN ('not_paid', 'awaiting', 'captured', 'partially_refunded', 'refunded', 'canceled',
      'requires_action')),
  -- The human-facing order number; its unique index also serves the guest lookup and `display_id=`.
  display_id serial NOT NULL UNIQUE,
  -- A cart yields at most one order: parallel completions of one cart cannot both insert.
  cart_id text UNIQUE REFERENCES cart (id),
  customer_id text NOT NULL REFERENCES customer (id),
  email text NOT NULL,
  billing_address_id text REFERENCES address (id),
  shipping_address_id text REFERENCES address (id),
  region_id text NOT NULL REFERENCES region (id),
  currency_code text NOT NULL REFERENCES currency (code),
  tax_rate real,
  draft_order_id text,
  canceled_at timestamptz,
  metadata jsonb,
  no_notification boolean,
  idempotency_key text,
  external_id text,
  sales_channel_id text REFERENCES sales_channel (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- GET /store/customers/me/orders: a customer's orders, newest first, the id as page tie-breaker.
-- Every other filter of that route applies within one customer's orders, which this index narrows
-- to first; the claim flow's ownership checks read it too.
CREATE INDEX order_customer_id_created_at_idx ON "order" (customer_id, created_at DESC, id DESC);
-- Lookups by e-mail (case-insensitive), newest first.
CREATE INDEX order_email_idx ON "order" (lower(email), created_at DESC);
CREATE INDEX order_created_at_idx ON "order" (created_at DESC, id DESC);

CREATE TABLE payment (
  id text PRIMARY KEY,
  swap_id text,
  cart_id text REFERENCES cart (id),
  order_id text REFERENCES "order" (id),
  amount integer NOT NULL CHECK (amount >= 0),
  currency_code text NOT NULL REFERENCES currency (code),
  amount_refunded integer NOT NULL DEFAULT 0 CHECK (amount_refunded >= 0 AND amount_refunded <= amount),
  provider_id text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  captured_at timestamptz,
  canceled_at timestamptz,
  metadata jsonb,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One live payment per cart (v1's unique (cart_id) where canceled_at IS NULL).
CREATE UNIQUE INDEX payment_cart_id_unique ON payment (cart_id) WHERE canceled_at IS NULL AND cart_id IS NOT NULL;
CREATE INDEX payment_order_id_idx ON payment (order_id, created_at) WHERE order_id IS NOT NULL;

-- Line items and shipping methods move from the cart to the order at completion (their order_id
-- indexes are in 0050); so does the cart's payment.
ALTER TABLE line_item
  ADD CONSTRAINT line_item_order_id_fkey FOREIGN KEY (order_id) REFERENCES "order" (id);
ALTER TABLE shipping_method
  ADD CONSTRAINT shipping_method_order_id_fkey FOREIGN KEY (order_id) REFERENCES "order" (id);
ALTER TABLE cart
  ADD CONSTRAINT cart_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES payment (id);
