-- Order edits (entities.md OrderEdit, OrderItemChange): a copy of an order's lines that a merchant
-- changes, the customer accepts or declines, and that replaces the order's lines when confirmed.

CREATE TABLE order_edit (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES "order" (id),
  internal_note text,
  created_by text NOT NULL,
  requested_by text,
  requested_at timestamptz,
  confirmed_by text,
  confirmed_at timestamptz,
  declined_by text,
  declined_reason text,
  declined_at timestamptz,
  canceled_by text,
  canceled_at timestamptz,
  payment_collection_id text REFERENCES payment_collection (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- GET /admin/order-edits?order_id=… and its default order.
CREATE INDEX order_edit_order_id_idx ON order_edit (order_id, created_at DESC, id DESC);
CREATE INDEX order_edit_created_at_idx ON order_edit (created_at DESC, id DESC);
-- q searches the internal note anywhere in the text.
CREATE INDEX order_edit_internal_note_trgm_idx ON order_edit USING gin (internal_note gin_trgm_ops);
-- One active edit per order, whatever races two creations.
CREATE UNIQUE INDEX order_edit_active_unique ON order_edit (order_id)
  WHERE confirmed_at IS NULL AND declined_at IS NULL AND canceled_at IS NULL;
CREATE INDEX order_edit_payment_collection_id_idx ON order_edit (payment_collection_id)
  WHERE payment_collection_id IS NOT NULL;

-- The edit's lines are line_item rows with order_edit_id set (and no order_id until confirmed).
CREATE INDEX line_item_order_edit_id_idx ON line_item (order_edit_id, created_at, id) WHERE order_edit_id IS NOT NULL;

CREATE TABLE order_item_change (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('item_add', 'item_remove', 'item_update')),
  order_edit_id text NOT NULL REFERENCES order_edit (id) ON DELETE CASCADE,
  original_line_item_id text REFERENCES line_item (id),
  line_item_id text REFERENCES line_item (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX order_item_change_order_edit_id_idx ON order_item_change (order_edit_id, created_at, id)
  WHERE deleted_at IS NULL;
-- One change per original line and per edited line of an edit.
CREATE UNIQUE INDEX order_item_change_original_unique ON order_item_change (order_edit_id, original_line_item_id)
  WHERE original_line_item_id IS NOT NULL AND deleted_at IS NULL;
CREATE UNIQUE INDEX order_item_change_line_unique ON order_item_change (line_item_id)
  WHERE line_item_id IS NOT NULL AND deleted_at IS NULL;
