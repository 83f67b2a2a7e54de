import type { LocalizedText } from '../../schemas/common';
import type { LocationKind } from '../../schemas/api/stock-state';
import type { Queryable } from '../db/database';
import type { LocationRow } from '../rows/locations';

/** A location to create (the seed; an admin's import). */
export interface NewLocation {
  id: string;
  projectCode: string;
  parentId: string | null;
  kind: LocationKind;
  code: string;
  name: LocalizedText;
  stockIn?: string[];
  stockOut?: string[];
}

const COLUMNS =
  'l.id, l.enterprise_id, l.project_code, l.parent_id, l.kind, l.code, l.name, l.stock_in_track_points, l.stock_out_track_points';

/** Creates the location unless one with its id exists (the seed is idempotent). */
export async function insertLocation(db: Queryable, enterpriseId: string, l: NewLocation): Promise<void> {
  await db.query(
    `insert into locations (id, enterprise_id, project_code, parent_id, kind, code, name, stock_in_track_points, stock_out_track_points)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (id) do nothing`,
    [
      l.id,
      enterpriseId,
      l.projectCode,
      l.parentId,
      l.kind,
      l.code,
      JSON.stringify(l.name),
      l.stockIn ?? [],
      l.stockOut ?? [],
    ],
  );
}

/** A location (not retired, unless `retiredToo`) with the locations above it (outermost first, itself last). */
export async function findLocationWithPath(db: Queryable, id: string, retiredToo = false): Promise<LocationRow[]> {
  const { rows } = await db.query<LocationRow & { depth: number }>(
    `with recursive up as (
       select ${COLUMNS}, 0 as depth from locations l where l.id = $1 and ($2 or l.retired_at is null)
       union all
       select ${COLUMNS}, up.depth + 1 from locations l join up on l.id = up.parent_id where up.depth < 20
     ) select * from up order by depth desc`,
    [id, retiredToo],
  );
  return rows;
}

/** Every location of the project that is not retired (the tree is small: a project's warehouses). */
export async function findProjectLocations(
  db: Queryable,
  enterpriseId: string,
  projectCode: string,
): Promise<LocationRow[]> {
  const { rows } = await db.query<LocationRow>(
    `select ${COLUMNS} from locations l where l.enterprise_id = $1 and l.project_code = $2 and l.retired_at is null order by l.code`,
    [enterpriseId, projectCode],
  );
  return rows;
}

/** Where each of the barcodes is stocked, if anywhere. */
export async function findStock(
  db: Queryable,
  barcodeIds: readonly string[],
): Promise<{ barcode_id: string; location_id: string; track_point_key: string | null; since: Date | string }[]> {
  const { rows } = await db.query<{
    barcode_id: string;
    location_id: string;
    track_point_key: string | null;
    since: Date | string;
  }>('select barcode_id, location_id, track_point_key, since from barcode_stock where barcode_id = any($1::text[])', [
    barcodeIds,
  ]);
  return rows;
}

/** Stocks the barcodes in the bin; answers how many were not in stock yet (fewer: someone stocked one first). */
export async function stockIn(
  tx: Queryable,
  barcodeIds: readonly string[],
  locationId: string,
  trackPointKeys: readonly (string | null)[],
  userId: string,
): Promise<number> {
  const { rows } = await tx.query(
    `insert into barcode_stock (barcode_id, location_id, track_point_key, stocked_by)
     select x.id, $2, x.tp, $4 from unnest($1::text[], $3::text[]) as x(id, tp)
     on conflict (barcode_id) do nothing returning barcode_id`,
    [barcodeIds, locationId, trackPointKeys, userId],
  );
  return rows.length;
}

/** Takes the barcodes out of the bin; answers how many were still in it. */
export async function stockOut(tx: Queryable, barcodeIds: readonly string[], locationId: string): Promise<number> {
  const { rows } = await tx.query(
    'delete from barcode_stock where barcode_id = any($1::text[]) and location_id = $2 returning barcode_id',
    [barcodeIds, locationId],
  );
  return rows.length;
}

/** A barcode leaves stock without a stock out (it is recycled for a new trip). */
export async function clearStock(tx: Queryable, barcodeId: string): Promise<void> {
  await tx.query('delete from barcode_stock where barcode_id = $1', [barcodeId]);
}
