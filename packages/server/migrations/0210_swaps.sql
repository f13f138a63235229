-- Swaps (entities.md Swap): items of an order sent back (a return with swap_id) for others, paid
-- or refunded by the difference. The additional items are line_item rows with swap_id (and the
-- swap cart's cart_id until it completes), shipping methods shipping_method rows with swap_id,
-- fulfilments fulfillment rows with swap_id, the payment a payment row with swap_id.

CREATE TABLE swap (
  id text PRIMARY KEY,
  fulfillment_status text NOT NULL DEFAULT 'not_fulfilled' CHECK (fulfillment_status IN ('not_fulfilled',
    'fulfilled', 'shipped', 'partially_shipped', 'canceled', 'requires_action')),
  payment_status text NOT NULL DEFAULT 'not_paid' CHECK (payment_status IN ('not_paid', 'awaiting', 'captured',
    'confirmed', 'canceled', 'difference_refunded', 'partially_refunded', 'refunded', 'requires_action')),
  order_id text NOT NULL REFERENCES "order" (id),
  difference_due integer,
  shipping_address_id text REFERENCES address (id),
  cart_id text REFERENCES cart (id),
  confirmed_at timestamptz,
  canceled_at timestamptz,
  no_notification boolean,
  allow_backorder boolean NOT NULL DEFAULT false,
  idempotency_key text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX swap_order_id_idx ON swap (order_id, created_at) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX swap_cart_id_unique ON swap (cart_id) WHERE cart_id IS NOT NULL;
-- GET /admin/swaps: newest first.
CREATE INDEX swap_created_at_idx ON swap (created_at DESC, id DESC) WHERE deleted_at IS NULL;

CREATE INDEX fulfillment_swap_id_idx ON fulfillment (swap_id, created_at) WHERE swap_id IS NOT NULL;
-- One payment per swap, found by it.
CREATE UNIQUE INDEX payment_swap_id_unique ON payment (swap_id) WHERE swap_id IS NOT NULL AND canceled_at IS NULL;

-- A swap's cart carries the returned items as lines at minus their price (v1), so the cart's total
-- is the difference the shopper pays or gets back.
ALTER TABLE line_item DROP CONSTRAINT line_item_unit_price_check;
ALTER TABLE line_item ADD CONSTRAINT line_item_unit_price_check CHECK (unit_price >= 0 OR is_return);
