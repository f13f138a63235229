-- GET /admin/draft-orders?q= searches the e-mail of the draft's cart.
CREATE INDEX cart_email_trgm_idx ON cart USING gin (email gin_trgm_ops);
