-- Carts: line items with their adjustments and tax lines, shipping methods with their tax lines,
-- payment sessions, and the idempotency keys behind the `Idempotency-Key` header.

CREATE TABLE cart (
  id text PRIMARY KEY,
  email text,
  billing_address_id text REFERENCES address (id),
  shipping_address_id text REFERENCES address (id),
  region_id text NOT NULL REFERENCES region (id),
  customer_id text REFERENCES customer (id),
  -- The payment made at completion; the payment table arrives with orders.
  payment_id text,
  type text NOT NULL DEFAULT 'default' CHECK (type IN ('default', 'swap', 'draft_order', 'payment_link', 'claim')),
  completed_at timestamptz,
  payment_authorized_at timestamptz,
  idempotency_key text,
  context jsonb,
  sales_channel_id text REFERENCES sales_channel (id),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX cart_region_id_idx ON cart (region_id);
CREATE INDEX cart_customer_id_idx ON cart (customer_id, created_at DESC) WHERE customer_id IS NOT NULL;
CREATE INDEX cart_sales_channel_id_idx ON cart (sales_channel_id) WHERE sales_channel_id IS NOT NULL;
CREATE INDEX cart_shipping_address_id_idx ON cart (shipping_address_id) WHERE shipping_address_id IS NOT NULL;
CREATE INDEX cart_billing_address_id_idx ON cart (billing_address_id) WHERE billing_address_id IS NOT NULL;
CREATE INDEX cart_payment_id_idx ON cart (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX cart_created_at_idx ON cart (created_at DESC, id DESC) WHERE deleted_at IS NULL;

-- Also the lines of orders, swaps and claims, which point at them once those modules exist.
CREATE TABLE line_item (
  id text PRIMARY KEY,
  cart_id text REFERENCES cart (id) ON DELETE CASCADE,
  order_id text,
  swap_id text,
  claim_order_id text,
  original_item_id text,
  order_edit_id text,
  title text NOT NULL,
  description text,
  thumbnail text,
  is_return boolean NOT NULL DEFAULT false,
  is_giftcard boolean NOT NULL DEFAULT false,
  should_merge boolean NOT NULL DEFAULT true,
  allow_discounts boolean NOT NULL DEFAULT true,
  has_shipping boolean,
  -- Minor units; gross of tax when includes_tax.
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  variant_id text REFERENCES product_variant (id) ON DELETE SET NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  fulfilled_quantity integer CHECK (fulfilled_quantity >= 0),
  returned_quantity integer CHECK (returned_quantity >= 0),
  shipped_quantity integer CHECK (shipped_quantity >= 0),
  includes_tax boolean NOT NULL DEFAULT false,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- A cart's lines in the order they were added.
CREATE INDEX line_item_cart_id_idx ON line_item (cart_id, created_at, id) WHERE cart_id IS NOT NULL;
CREATE INDEX line_item_order_id_idx ON line_item (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX line_item_swap_id_idx ON line_item (swap_id) WHERE swap_id IS NOT NULL;
CREATE INDEX line_item_claim_order_id_idx ON line_item (claim_order_id) WHERE claim_order_id IS NOT NULL;
CREATE INDEX line_item_variant_id_idx ON line_item (variant_id) WHERE variant_id IS NOT NULL;
CREATE INDEX line_item_original_item_id_idx ON line_item (original_item_id) WHERE original_item_id IS NOT NULL;
CREATE UNIQUE INDEX line_item_order_edit_original_unique ON line_item (order_edit_id, original_item_id)
  WHERE original_item_id IS NOT NULL AND order_edit_id IS NOT NULL;

CREATE TABLE line_item_adjustment (
  id text PRIMARY KEY,
  item_id text NOT NULL REFERENCES line_item (id) ON DELETE CASCADE,
  description text NOT NULL,
  -- The discount table arrives with promotions.
  discount_id text,
  -- Minor units, possibly fractional before rounding (entities.md §4).
  amount numeric NOT NULL,
  metadata jsonb
);
CREATE INDEX line_item_adjustment_item_id_idx ON line_item_adjustment (item_id);
CREATE UNIQUE INDEX line_item_adjustment_discount_item_unique ON line_item_adjustment (discount_id, item_id)
  WHERE discount_id IS NOT NULL;

CREATE TABLE line_item_tax_line (
  id text PRIMARY KEY,
  item_id text NOT NULL REFERENCES line_item (id) ON DELETE CASCADE,
  rate real NOT NULL,
  name text NOT NULL,
  code text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (item_id, code)
);

CREATE TABLE shipping_method (
  id text PRIMARY KEY,
  shipping_option_id text NOT NULL REFERENCES shipping_option (id),
  cart_id text REFERENCES cart (id) ON DELETE CASCADE,
  order_id text,
  claim_order_id text,
  swap_id text,
  return_id text,
  price integer NOT NULL CHECK (price >= 0),
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  includes_tax boolean NOT NULL DEFAULT false
);
CREATE INDEX shipping_method_cart_id_idx ON shipping_method (cart_id) WHERE cart_id IS NOT NULL;
CREATE INDEX shipping_method_order_id_idx ON shipping_method (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX shipping_method_claim_order_id_idx ON shipping_method (claim_order_id) WHERE claim_order_id IS NOT NULL;
CREATE INDEX shipping_method_swap_id_idx ON shipping_method (swap_id) WHERE swap_id IS NOT NULL;
CREATE INDEX shipping_method_return_id_idx ON shipping_method (return_id) WHERE return_id IS NOT NULL;
CREATE INDEX shipping_method_shipping_option_id_idx ON shipping_method (shipping_option_id);

CREATE TABLE shipping_method_tax_line (
  id text PRIMARY KEY,
  shipping_method_id text NOT NULL REFERENCES shipping_method (id) ON DELETE CASCADE,
  rate real NOT NULL,
  name text NOT NULL,
  code text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (shipping_method_id, code)
);

CREATE TABLE payment_session (
  id text PRIMARY KEY,
  cart_id text REFERENCES cart (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES payment_provider (id),
  -- true for the chosen session, null (v1) for the others.
  is_selected boolean,
  is_initiated boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('authorized', 'pending', 'requires_more', 'error', 'canceled')),
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  idempotency_key text,
  amount integer,
  payment_authorized_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One session per provider per cart; also serves the lookup of a cart's sessions.
CREATE UNIQUE INDEX payment_session_cart_provider_unique ON payment_session (cart_id, provider_id)
  WHERE cart_id IS NOT NULL;
-- At most one selected session per cart.
CREATE UNIQUE INDEX payment_session_cart_selected_unique ON payment_session (cart_id)
  WHERE cart_id IS NOT NULL AND is_selected = true;
CREATE INDEX payment_session_provider_id_idx ON payment_session (provider_id);

CREATE TABLE idempotency_key (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  locked_at timestamptz,
  request_method text,
  request_params jsonb,
  request_path text,
  response_code integer,
  response_body jsonb,
  recovery_point text NOT NULL DEFAULT 'started'
);
-- For purging old keys.
CREATE INDEX idempotency_key_created_at_idx ON idempotency_key (created_at);
