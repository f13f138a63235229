-- GET /admin/dashboard: daily figures of the orders placed, tallied once a (UTC) day is over and
-- read from here afterwards, so a period costs one row per day and currency whatever the order
-- count. The day in progress is counted live from the orders (order_created_at_idx).

-- The days already tallied, also those without an order.
CREATE TABLE dashboard_day (
  day date PRIMARY KEY,
  tallied_at timestamptz NOT NULL DEFAULT now()
);

-- Orders (canceled ones left out) and what their payments took, per day and currency.
CREATE TABLE dashboard_day_sales (
  day date NOT NULL REFERENCES dashboard_day (day) ON DELETE CASCADE,
  currency_code text NOT NULL,
  orders integer NOT NULL,
  sales bigint NOT NULL,
  PRIMARY KEY (day, currency_code)
);

-- Units sold per day and product.
CREATE TABLE dashboard_day_product (
  day date NOT NULL REFERENCES dashboard_day (day) ON DELETE CASCADE,
  product_id text NOT NULL,
  quantity bigint NOT NULL,
  PRIMARY KEY (day, product_id)
);

-- Orders to fulfil, oldest first: the dashboard's count and list read only these rows.
CREATE INDEX order_to_fulfil_idx ON "order" (created_at, id)
  WHERE status IN ('pending', 'requires_action')
    AND fulfillment_status IN ('not_fulfilled', 'partially_fulfilled');
