-- Batch jobs (product import and export) and the columns their runner uses to claim them.

CREATE TABLE batch_job (
  id text PRIMARY KEY,
  type text NOT NULL,
  created_by text REFERENCES "user" (id),
  context jsonb,
  result jsonb,
  dry_run boolean NOT NULL DEFAULT false,
  -- Mirrors the timestamps (the later stage wins); kept as a column so the runner finds due jobs by index.
  status text NOT NULL DEFAULT 'created'
    CHECK (status IN ('created', 'pre_processed', 'confirmed', 'processing', 'completed', 'canceled', 'failed')),
  pre_processed_at timestamptz,
  confirmed_at timestamptz,
  processing_at timestamptz,
  completed_at timestamptz,
  canceled_at timestamptz,
  failed_at timestamptz,
  -- The runner that works on the job holds a claim until `lease_expires_at` and renews it while it
  -- runs; a job whose lease ran out (its process died) is claimed again and resumed.
  claim_token text,
  lease_expires_at timestamptz,
  -- How many times processing was started; a job interrupted too often fails instead of looping.
  run_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- The admin lists a user's own jobs, newest first, usually bounded by created_at.
CREATE INDEX batch_job_created_by_created_at_idx ON batch_job (created_by, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- Jobs a runner may have to pick up: a small partial index, whatever the history holds.
CREATE INDEX batch_job_due_idx ON batch_job (lease_expires_at)
  WHERE deleted_at IS NULL AND status IN ('created', 'confirmed', 'processing');
