-- Claims (entities.md ClaimOrder, ClaimItem, ClaimImage, ClaimTag): a customer's complaint about
-- items of an order, settled by a refund or by replacement items shipped to them. Replacement
-- items are line_item rows and their shipping methods shipping_method rows with claim_order_id;
-- their fulfilments are fulfillment rows with claim_order_id.

CREATE TABLE claim_order (
  id text PRIMARY KEY,
  payment_status text NOT NULL DEFAULT 'na' CHECK (payment_status IN ('na', 'not_refunded', 'refunded')),
  fulfillment_status text NOT NULL DEFAULT 'not_fulfilled' CHECK (fulfillment_status IN ('not_fulfilled',
    'partially_fulfilled', 'fulfilled', 'partially_shipped', 'shipped', 'partially_returned', 'returned', 'canceled',
    'requires_action')),
  type text NOT NULL CHECK (type IN ('refund', 'replace')),
  order_id text NOT NULL REFERENCES "order" (id),
  shipping_address_id text REFERENCES address (id),
  refund_amount integer CHECK (refund_amount >= 0),
  canceled_at timestamptz,
  no_notification boolean,
  metadata jsonb,
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX claim_order_order_id_idx ON claim_order (order_id, created_at) WHERE deleted_at IS NULL;

CREATE TABLE claim_item (
  id text PRIMARY KEY,
  claim_order_id text NOT NULL REFERENCES claim_order (id) ON DELETE CASCADE,
  item_id text NOT NULL REFERENCES line_item (id),
  variant_id text,
  reason text NOT NULL CHECK (reason IN ('missing_item', 'wrong_item', 'production_failure', 'other')),
  note text,
  quantity integer NOT NULL CHECK (quantity > 0),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX claim_item_claim_order_id_idx ON claim_item (claim_order_id) WHERE deleted_at IS NULL;
CREATE INDEX claim_item_item_id_idx ON claim_item (item_id) WHERE deleted_at IS NULL;

CREATE TABLE claim_image (
  id text PRIMARY KEY,
  claim_item_id text NOT NULL REFERENCES claim_item (id) ON DELETE CASCADE,
  url text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX claim_image_claim_item_id_idx ON claim_image (claim_item_id) WHERE deleted_at IS NULL;

-- Tags are shared between claim items, one row per value.
CREATE TABLE claim_tag (
  id text PRIMARY KEY,
  value text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX claim_tag_value_unique ON claim_tag (value) WHERE deleted_at IS NULL;

CREATE TABLE claim_item_tags (
  item_id text NOT NULL REFERENCES claim_item (id) ON DELETE CASCADE,
  tag_id text NOT NULL REFERENCES claim_tag (id) ON DELETE CASCADE,
  PRIMARY KEY (item_id, tag_id)
);
CREATE INDEX claim_item_tags_tag_id_idx ON claim_item_tags (tag_id);

CREATE INDEX fulfillment_claim_order_id_idx ON fulfillment (claim_order_id, created_at) WHERE claim_order_id IS NOT NULL;
