-- Staff notes on any resource (an order, a customer…), written by a user.

CREATE TABLE note (
  id text PRIMARY KEY,
  value text NOT NULL,
  resource_type text NOT NULL,
  resource_id text NOT NULL,
  author_id text REFERENCES "user" (id),
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- The list, oldest first, whole or narrowed to one resource (an order's notes); live notes only.
CREATE INDEX note_created_at_idx ON note (created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX note_resource_id_idx ON note (resource_id, created_at, id) WHERE deleted_at IS NULL;
CREATE INDEX note_author_id_idx ON note (author_id);
