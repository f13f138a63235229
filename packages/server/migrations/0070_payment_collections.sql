-- Payment collections (entities.md PaymentCollection): an amount to pay outside a cart, such as the
-- difference due on an order edit, paid through one or more payment sessions.
CREATE TABLE payment_collection (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('order_edit')),
  status text NOT NULL CHECK (status IN ('not_paid', 'awaiting', 'authorized', 'partially_authorized', 'canceled')),
  description text,
  amount integer NOT NULL CHECK (amount >= 0),
  authorized_amount integer CHECK (authorized_amount >= 0),
  region_id text NOT NULL REFERENCES region (id),
  currency_code text NOT NULL REFERENCES currency (code),
  metadata jsonb,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX payment_collection_region_id_idx ON payment_collection (region_id);

-- v1's join tables. A session belongs to at most one collection; deleting its row drops the link.
CREATE TABLE payment_collection_sessions (
  payment_collection_id text NOT NULL REFERENCES payment_collection (id) ON DELETE CASCADE,
  payment_session_id text NOT NULL REFERENCES payment_session (id) ON DELETE CASCADE,
  PRIMARY KEY (payment_collection_id, payment_session_id)
);
CREATE UNIQUE INDEX payment_collection_sessions_session_unique ON payment_collection_sessions (payment_session_id);

CREATE TABLE payment_collection_payments (
  payment_collection_id text NOT NULL REFERENCES payment_collection (id) ON DELETE CASCADE,
  payment_id text NOT NULL REFERENCES payment (id) ON DELETE CASCADE,
  PRIMARY KEY (payment_collection_id, payment_id)
);
CREATE INDEX payment_collection_payments_payment_id_idx ON payment_collection_payments (payment_id);
