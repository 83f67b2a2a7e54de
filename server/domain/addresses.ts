import type { Address } from '../../schemas/api/barcode';
import type { Queryable } from '../db/database';

/** How many addresses of past activations GET /user/address offers. */
export const ADDRESS_HISTORY_LIMIT = 20;

/**
 * GET /user/address: the user's saved addresses (oldest first, as saved), and the distinct
 * origins and destinations of the barcodes they activated or whose activation they edited,
 * most recently used first, at most 20.
 */
export async function userAddresses(db: Queryable, userId: string): Promise<{ addressBook: Address[]; history: Address[] }> {
  const book = await db.query<{ address: Address }>('select address from address_book where user_id = $1 order by created_at, id', [userId]);
  const history = await db.query<{ address: Address }>(
    `select address from (
       select a.address, max(h.created_at) as used_at
         from barcode_history h cross join lateral (values (h.data->'origin'), (h.data->'destination')) as a (address)
        where h.user_id = $1 and h.action in ('activated', 'activation-edited') and jsonb_typeof(a.address) = 'object'
        group by a.address
     ) used order by used_at desc, address::text limit $2`,
    [userId, ADDRESS_HISTORY_LIMIT],
  );
  return { addressBook: book.rows.map((r) => r.address), history: history.rows.map((r) => r.address) };
}
