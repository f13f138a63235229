-- Return reasons, and returns of an order's items (requested, then received or canceled), with the
-- indexes behind their lists.

CREATE TABLE return_reason (
  id text PRIMARY KEY,
  value text NOT NULL,
  label text NOT NULL,
  description text,
  -- One level of nesting only: the service refuses a child of a child.
  parent_return_reason_id text REFERENCES return_reason (id),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- v1: a value is unique among live reasons.
CREATE UNIQUE INDEX return_reason_value_unique ON return_reason (value) WHERE deleted_at IS NULL;
-- The lists: top-level reasons, oldest first; a parent's children in one batched read.
CREATE INDEX return_reason_top_idx ON return_reason (created_at, id)
  WHERE deleted_at IS NULL AND parent_return_reason_id IS NULL;
CREATE INDEX return_reason_parent_idx ON return_reason (parent_return_reason_id, created_at, id)
  WHERE deleted_at IS NULL;

CREATE TABLE "return" (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'received', 'requires_action', 'canceled')),
  swap_id text,
  claim_order_id text,
  order_id text REFERENCES "order" (id),
  location_id text,
  shipping_data jsonb,
  -- What receiving the return refunds (minor units): the lines' refundable amounts less return shipping.
  refund_amount integer NOT NULL DEFAULT 0 CHECK (refund_amount >= 0),
  received_at timestamptz,
  no_notification boolean,
  metadata jsonb,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- GET /admin/returns: newest first.
CREATE INDEX return_created_at_idx ON "return" (created_at DESC, id DESC);
-- An order's returns (its relation, and the units its open returns already claim).
CREATE INDEX return_order_id_idx ON "return" (order_id, created_at) WHERE order_id IS NOT NULL;
CREATE INDEX return_swap_id_idx ON "return" (swap_id) WHERE swap_id IS NOT NULL;
CREATE INDEX return_claim_order_id_idx ON "return" (claim_order_id) WHERE claim_order_id IS NOT NULL;

CREATE TABLE return_item (
  return_id text NOT NULL REFERENCES "return" (id) ON DELETE CASCADE,
  item_id text NOT NULL REFERENCES line_item (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  -- Set on receipt: whether the received quantity is the one requested.
  is_requested boolean NOT NULL DEFAULT true,
  requested_quantity integer CHECK (requested_quantity > 0),
  received_quantity integer CHECK (received_quantity >= 0),
  reason_id text REFERENCES return_reason (id),
  note text,
  metadata jsonb,
  PRIMARY KEY (return_id, item_id)
);
CREATE INDEX return_item_item_id_idx ON return_item (item_id);
CREATE INDEX return_item_reason_id_idx ON return_item (reason_id) WHERE reason_id IS NOT NULL;
