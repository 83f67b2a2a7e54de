import type { Address } from '../../schemas/api/barcode';
import type { ServerContext } from '../context';
import { findAddressBook, findUsedAddresses } from '../repositories/addresses';

/** How many addresses of past activations GET /user/address offers. */
export const ADDRESS_HISTORY_LIMIT = 20;

/**
 * GET /user/address: the user's saved addresses (oldest first, as saved), and the distinct
 * origins and destinations of the barcodes they activated or whose activation they edited,
 * most recently used first, at most 20.
 */
export async function userAddresses(
  ctx: ServerContext,
  userId: string,
): Promise<{ addressBook: Address[]; history: Address[] }> {
  return {
    addressBook: await findAddressBook(ctx.db, userId),
    history: await findUsedAddresses(ctx.db, userId, ADDRESS_HISTORY_LIMIT),
  };
}
