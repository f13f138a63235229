-- A finished key keeps its answer as the text that was sent: the server serializes an answer once
-- and replays it byte for byte, and the database no longer parses tens of kilobytes of JSON into
-- jsonb on every line add, payment-session or completion request. A new type resets the column's
-- compression, so lz4 is set again (0110) where the server has it; the rewrite then uses it.
DO $$
BEGIN
  ALTER TABLE idempotency_key
    ALTER COLUMN response_body TYPE text USING response_body::text,
    ALTER COLUMN response_body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  ALTER TABLE idempotency_key ALTER COLUMN response_body TYPE text USING response_body::text;
END
$$;
