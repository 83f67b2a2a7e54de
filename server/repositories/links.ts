import type { Queryable } from '../db/database';

/** How many links a barcode holds: to others (link-to) and from others (be-linked). */
export interface LinkCounts {
  linkTo: number;
  beLinked: number;
}

export async function countLinks(db: Queryable, id: string): Promise<LinkCounts> {
  const { rows } = await db.query<LinkCounts>(
    `select (select count(*)::int from barcode_links where from_id = $1) as "linkTo",
            (select count(*)::int from barcode_links where to_id = $1) as "beLinked"`,
    [id],
  );
  return rows[0] ?? { linkTo: 0, beLinked: 0 };
}

/** The number of links (both directions) of each listed barcode; barcodes without links are absent. */
export async function countLinksEach(db: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; n: number }>(
    `select id, count(*)::int as n from (
       select from_id as id from barcode_links where from_id = any($1::text[])
       union all
       select to_id from barcode_links where to_id = any($1::text[])
     ) l group by id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The barcodes among `ids` already linked with `id`, in either direction. */
export async function linkedAmong(db: Queryable, id: string, ids: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ other: string }>(
    `select to_id as other from barcode_links where from_id = $1 and to_id = any($2::text[])
     union select from_id from barcode_links where to_id = $1 and from_id = any($2::text[])`,
    [id, ids],
  );
  return new Set(rows.map((r) => r.other));
}

/** Inserts the links; answers how many were new (fewer: one was made meanwhile). */
export async function insertLinks(
  tx: Queryable,
  links: readonly { from: string; to: string }[],
  userId: string,
): Promise<number> {
  const { rows } = await tx.query(
    `insert into barcode_links (from_id, to_id, created_by)
     select x.f, x.t, $3 from unnest($1::text[], $2::text[]) as x(f, t)
     on conflict do nothing returning 1`,
    [links.map((l) => l.from), links.map((l) => l.to), userId],
  );
  return rows.length;
}

/** Deletes the link between the two barcodes, whichever direction; answers its direction from `id`, or undefined when there was none. */
export async function deleteLink(
  tx: Queryable,
  id: string,
  otherId: string,
): Promise<'link-to' | 'be-linked' | undefined> {
  const { rows } = await tx.query<{ from_id: string }>(
    'delete from barcode_links where (from_id = $1 and to_id = $2) or (from_id = $2 and to_id = $1) returning from_id',
    [id, otherId],
  );
  const row = rows[0];
  return row === undefined ? undefined : row.from_id === id ? 'link-to' : 'be-linked';
}

/** A barcode linked with another, with the direction seen from that other barcode. */
export interface LinkedRow {
  id: string;
  direction: 'link-to' | 'be-linked';
  barcode_type: string | null;
  external_id: string | null;
  is_activated: boolean;
  current_track_point_key: string | null;
  linked_at: Date | string;
}

/** The barcode's links in one direction or both, newest first. */
export async function findLinked(
  db: Queryable,
  id: string,
  direction: 'link-to' | 'be-linked' | undefined,
): Promise<LinkedRow[]> {
  const { rows } = await db.query<LinkedRow>(
    `select b.id, l.direction, b.barcode_type, b.external_id, b.is_activated, b.current_track_point_key, l.created_at as linked_at
       from (
         select to_id as other, 'link-to' as direction, created_at from barcode_links where from_id = $1
         union all
         select from_id, 'be-linked', created_at from barcode_links where to_id = $1
       ) l join barcodes b on b.id = l.other
      where $2::text is null or l.direction = $2
      order by l.created_at desc, b.id`,
    [id, direction ?? null],
  );
  return rows;
}
