-- POST /admin/orders/{id}/swaps and POST /store/swaps under an Idempotency-Key: the swap a key
-- made is found by it when the request resumes, and one key can never make two swaps.
CREATE UNIQUE INDEX swap_idempotency_key_unique ON swap (idempotency_key) WHERE idempotency_key IS NOT NULL;
