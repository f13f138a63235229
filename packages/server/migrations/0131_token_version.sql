-- A password change or reset raises the account's token_version. Sessions and tokens carry the
-- version they were issued at, and one older than the account's is refused: the change ends
-- every other session and token of the account.
ALTER TABLE "user" ADD COLUMN token_version integer NOT NULL DEFAULT 0;
ALTER TABLE customer ADD COLUMN token_version integer NOT NULL DEFAULT 0;
