-- Storefront product search (`POST /store/products/search`): one weighted full-text document per
-- live product, kept current by triggers, and a trigram lookup on titles for typo tolerance.
--
-- Text search configuration: 'simple' everywhere (documents and queries). It lower-cases words and
-- nothing else, which suits a catalogue: brand names, SKUs and model numbers stay whole, the store
-- may write in any language, and a typed prefix is always a prefix of an indexed word. A stemming
-- configuration such as 'english' indexes "running" as "run", so the prefix query "runni:*" would
-- miss it; the typo tier (below) covers most of what stemming would add ("shirts" → "Shirt").
--
-- The documents live in their own table rather than in a `product` column: a variant rename
-- rewrites one small row here instead of a wide product row and every index on it.

CREATE TABLE product_search (
  product_id text PRIMARY KEY REFERENCES product (id) ON DELETE CASCADE,
  document tsvector NOT NULL
);
CREATE INDEX product_search_document_idx ON product_search USING gin (document);

-- Rebuilds the documents of these products: title (A), subtitle (B), description (C), and the
-- titles and SKUs of live variants (B). A SKU is indexed as written and with its separators as
-- spaces, so "TS-BLK-M" is found by "ts blk m" as well as by its parts. Deleted products lose
-- their document.
CREATE FUNCTION product_search_refresh(product_ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Two transactions refreshing one product take turns here; each statement below reads a fresh
  -- snapshot, so the later one sees the variants the earlier one committed instead of
  -- overwriting its document with a stale one.
  PERFORM 1 FROM product_search WHERE product_id = ANY (product_ids) ORDER BY product_id FOR UPDATE;
  DELETE FROM product_search s
  USING product p
  WHERE p.id = s.product_id AND p.id = ANY (product_ids) AND p.deleted_at IS NOT NULL;
  INSERT INTO product_search (product_id, document)
  SELECT p.id,
    setweight(to_tsvector('simple', p.title), 'A')
      || setweight(to_tsvector('simple', coalesce(p.subtitle, '')), 'B')
      || setweight(to_tsvector('simple', coalesce(p.description, '')), 'C')
      || setweight(to_tsvector('simple', coalesce(variants.words, '')), 'B')
  FROM product p
  LEFT JOIN LATERAL (
    SELECT string_agg(concat_ws(' ', v.title, v.sku, regexp_replace(v.sku, '[^[:alnum:]]+', ' ', 'g')), ' ') AS words
    FROM product_variant v
    WHERE v.product_id = p.id AND v.deleted_at IS NULL
  ) variants ON true
  WHERE p.id = ANY (product_ids) AND p.deleted_at IS NULL
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
END
$$;

CREATE FUNCTION product_search_on_product_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT id FROM inserted_products));
  RETURN NULL;
END
$$;

CREATE FUNCTION product_search_on_product_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;

CREATE FUNCTION product_search_on_variant_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM changed_variants));
  RETURN NULL;
END
$$;

CREATE FUNCTION product_search_on_variant_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY[NEW.product_id, OLD.product_id]);
  RETURN NULL;
END
$$;

-- Inserts and hard deletes are handled once per statement: a product created with its variants
-- in one INSERT is indexed once, not once per variant.
CREATE TRIGGER product_search_insert AFTER INSERT ON product
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_product_insert();

-- Row triggers with column lists and conditions: the frequent writes that touch none of the
-- searched columns (status, prices, inventory counts during checkout) never fire them.
CREATE TRIGGER product_search_update AFTER UPDATE OF title, subtitle, description, deleted_at ON product
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
    OR OLD.subtitle IS DISTINCT FROM NEW.subtitle
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION product_search_on_product_update();

CREATE TRIGGER product_variant_search_insert AFTER INSERT ON product_variant
  REFERENCING NEW TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_variant_rows();

CREATE TRIGGER product_variant_search_delete AFTER DELETE ON product_variant
  REFERENCING OLD TABLE AS changed_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_search_on_variant_rows();

CREATE TRIGGER product_variant_search_update AFTER UPDATE OF title, sku, deleted_at, product_id ON product_variant
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title
    OR OLD.sku IS DISTINCT FROM NEW.sku
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION product_search_on_variant_update();

-- Typo tolerance: products whose title holds, for every word of the query, a similar word, with
-- the title's likeness to the whole query. The caller checks visibility (deleted, status,
-- channel) on what this returns.
--
-- The function pins two settings for its own execution only. pg_trgm's `%>` and `<%` compare
-- against a session setting instead of an argument, and its default (0.6) misses a swapped pair of
-- letters in a short word ("shrit" and "Shirt" score 0.33). And the planner prices a trigram
-- comparison like a plain one, so it would rather compare every title than use the title's
-- trigram index (product_title_trgm_idx, 0010_catalog.sql), which is several times faster; the
-- longest word probes that index and the others are checked on what it finds.
CREATE FUNCTION product_title_typo_matches(words text[]) RETURNS TABLE (product_id text, similarity real)
LANGUAGE sql STABLE
ROWS 100
SET pg_trgm.word_similarity_threshold = 0.3
SET enable_seqscan = off
AS $$
  SELECT p.id, word_similarity(array_to_string(words, ' '), p.title)
  FROM product p
  WHERE p.title %> (SELECT w FROM unnest(words) AS w ORDER BY length(w) DESC LIMIT 1)
    AND NOT EXISTS (SELECT 1 FROM unnest(words) AS w WHERE NOT (w <% p.title))
$$;

SELECT product_search_refresh(ARRAY(SELECT id FROM product WHERE deleted_at IS NULL));
