-- Every line add, payment-session and completion request stores its whole answer (a cart or an
-- order, tens of kilobytes) with its idempotency key. lz4 compresses such answers several times
-- faster than the default pglz. A server built without lz4 (PGlite among them) keeps pglz. Only
-- rows written from now on use it: nothing is rewritten.
DO $$
BEGIN
  ALTER TABLE idempotency_key ALTER COLUMN response_body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
