-- Analytics configs: one usage-data preference row per admin user (soft-deleted rows kept aside).

CREATE TABLE analytics_config (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  opt_out boolean NOT NULL DEFAULT false,
  anonymize boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- Every route reads and writes the current user's row; the partial unique index serves the lookup
-- and is the arbiter of the create/upsert statements.
CREATE UNIQUE INDEX analytics_config_user_id_idx ON analytics_config (user_id) WHERE deleted_at IS NULL;
