-- Gift cards, what each order drew from them, and the cards applied to carts and orders.

CREATE TABLE gift_card (
  id text PRIMARY KEY,
  -- `XXXX-XXXX-XXXX-XXXX` from a cryptographic source.
  code text NOT NULL,
  value integer NOT NULL CHECK (value >= 0),
  -- Drawn down in the transaction that places an order: never below zero.
  balance integer NOT NULL CHECK (balance >= 0),
  region_id text NOT NULL REFERENCES region (id),
  order_id text REFERENCES "order" (id),
  is_disabled boolean NOT NULL DEFAULT false,
  ends_at timestamptz,
  tax_rate real,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX gift_card_code_unique ON gift_card (code) WHERE deleted_at IS NULL;
CREATE INDEX gift_card_created_at_idx ON gift_card (created_at DESC, id) WHERE deleted_at IS NULL;
CREATE INDEX gift_card_code_trgm_idx ON gift_card USING gin (code gin_trgm_ops);
CREATE INDEX gift_card_region_id_idx ON gift_card (region_id);
CREATE INDEX gift_card_order_id_idx ON gift_card (order_id);

CREATE TABLE gift_card_transaction (
  id text PRIMARY KEY,
  gift_card_id text NOT NULL REFERENCES gift_card (id),
  order_id text NOT NULL REFERENCES "order" (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  is_taxable boolean,
  tax_rate real,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (gift_card_id, order_id)
);
CREATE INDEX gift_card_transaction_order_id_idx ON gift_card_transaction (order_id);

CREATE TABLE cart_gift_cards (
  cart_id text NOT NULL REFERENCES cart (id) ON DELETE CASCADE,
  gift_card_id text NOT NULL REFERENCES gift_card (id) ON DELETE CASCADE,
  PRIMARY KEY (cart_id, gift_card_id)
);
CREATE INDEX cart_gift_cards_gift_card_id_idx ON cart_gift_cards (gift_card_id);

CREATE TABLE order_gift_cards (
  order_id text NOT NULL REFERENCES "order" (id) ON DELETE CASCADE,
  gift_card_id text NOT NULL REFERENCES gift_card (id),
  PRIMARY KEY (order_id, gift_card_id)
);
CREATE INDEX order_gift_cards_gift_card_id_idx ON order_gift_cards (gift_card_id);
