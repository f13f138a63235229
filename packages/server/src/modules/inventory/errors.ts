import { NotAllowed } from '../../core/errors.js'

/** v1's insufficient-inventory refusal; cart completion answers it with a 409 `errors` envelope. */
export class InsufficientInventory extends NotAllowed {
  constructor(readonly variantId: string) {
    super(`Variant with id: ${variantId} does not have the required inventory`, 'insufficient_inventory')
  }
}
