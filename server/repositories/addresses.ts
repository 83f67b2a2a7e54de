import type { Address } from '../../schemas/api/barcode';
import type { Queryable } from '../db/database';

/** The user's saved addresses, oldest first (as saved). */
export async function findAddressBook(db: Queryable, userId: string): Promise<Address[]> {
  const { rows } = await db.query<{ address: Address }>(
    'select address from address_book where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows.map((r) => r.address);
}

/**
 * The distinct origins and destinations of the barcodes the user activated or whose activation
 * they edited, most recently used first, at most `limit`.
 */
export async function findUsedAddresses(db: Queryable, userId: string, limit: number): Promise<Address[]> {
  const { rows } = await db.query<{ address: Address }>(
    `select address from (
       select a.address, max(h.created_at) as used_at
         from barcode_history h cross join lateral (values (h.data->'origin'), (h.data->'destination')) as a (address)
        where h.user_id = $1 and h.action in ('activated', 'activation-edited') and jsonb_typeof(a.address) = 'object'
        group by a.address
     ) used order by used_at desc, address::text limit $2`,
    [userId, limit],
  );
  return rows.map((r) => r.address);
}

/** Saves an address in the user's address book unless an entry with the id exists. */
export async function saveAddress(db: Queryable, id: string, userId: string, address: Address): Promise<void> {
  await db.query('insert into address_book (id, user_id, address) values ($1, $2, $3) on conflict (id) do nothing', [
    id,
    userId,
    JSON.stringify(address),
  ]);
}
