-- Draft orders: an order staff put together in the admin, backed by a cart of type draft_order,
-- that becomes a real order when it is marked paid (POST /admin/draft-orders/{id}/pay).

CREATE TABLE draft_order (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed')),
  display_id serial NOT NULL UNIQUE,
  -- One draft per cart, and one draft per order: a second payment cannot place a second order.
  cart_id text UNIQUE REFERENCES cart (id),
  order_id text UNIQUE REFERENCES "order" (id),
  canceled_at timestamptz,
  completed_at timestamptz,
  no_notification_order boolean,
  idempotency_key text,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'completed') = (order_id IS NOT NULL))
);

-- GET /admin/draft-orders: every filter and declared sort leads an index.
CREATE INDEX draft_order_created_at_idx ON draft_order (created_at DESC, id DESC);
CREATE INDEX draft_order_updated_at_idx ON draft_order (updated_at DESC, id DESC);
CREATE INDEX draft_order_status_idx ON draft_order (status, created_at DESC, id DESC);
CREATE INDEX draft_order_display_id_idx ON draft_order (display_id DESC, id DESC);

-- A draft order's cart carries a prefix of its own, so that the storefront's cart routes refuse it
-- without a read; the check keeps prefix and type together (existing carts are all cart_…).
ALTER TABLE cart ADD CONSTRAINT cart_draft_order_id_prefix
  CHECK ((type = 'draft_order') = (id LIKE 'dcart\_%')) NOT VALID;
