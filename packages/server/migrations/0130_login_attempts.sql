-- Login failures per account (address '') and per account and client address, kept in the
-- database so that every server process slows down the same guesses (http/login-throttle.ts).
-- A row past expires_at means nothing any more; a sweep deletes it.
CREATE TABLE login_attempt (
  domain text NOT NULL CHECK (domain IN ('admin', 'store')),
  email text NOT NULL,
  address text NOT NULL,
  failures integer NOT NULL CHECK (failures >= 0),
  failed_at timestamptz,
  blocked_until timestamptz,
  trusted_until timestamptz,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (domain, email, address)
);
CREATE INDEX login_attempt_expires_at_idx ON login_attempt (expires_at);
