import type { Queryable } from '../db/database';
import type { ListedBarcodeRow } from '../rows/barcodes';
import { chainPending } from './ledger';

/** The listed barcodes that exist (any project, any enterprise: the rules decide what the viewer may know). */
export async function findListedBarcodes(db: Queryable, ids: readonly string[]): Promise<ListedBarcodeRow[]> {
  const { rows } = await db.query<ListedBarcodeRow>(
    `select b.id, b.project_id, p.code as project_code, p.version as project_version, p.enterprise_id, b.barcode_type, b.is_activated,
            b.is_deactivated, b.current_track_point_key, b.external_id, b.parent_id, b.revision, b.cycle
       from barcodes b join projects p on p.id = b.project_id where b.id = any($1::text[])`,
    [ids],
  );
  return rows;
}

/** The barcode's parent, the parent's parent and so on, nearest first. */
export async function findAncestorIds(db: Queryable, id: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `with recursive up(id, parent_id, depth) as (
       select b.id, b.parent_id, 0 from barcodes b where b.id = $1
       union all
       select b.id, b.parent_id, up.depth + 1 from barcodes b join up on b.id = up.parent_id where up.depth < 10000
     ) select id from up where depth > 0 order by depth`,
    [id],
  );
  return rows.map((r) => r.id);
}

/** How many barcodes are paired directly under the barcode. */
export async function countChildren(db: Queryable, id: string): Promise<number> {
  return (
    (await db.query<{ n: number }>('select count(*)::int as n from barcodes where parent_id = $1', [id])).rows[0]?.n ??
    0
  );
}

/** The ids of the barcodes paired directly under the barcode, in pairing order. */
export async function findChildIds(db: Queryable, id: string): Promise<string[]> {
  return (
    await db.query<{ id: string }>('select id from barcodes where parent_id = $1 order by pair_order, id', [id])
  ).rows.map((r) => r.id);
}

/**
 * Serialises pairing, unpairing and linking within a project until the transaction ends, so
 * the checks made inside it (one parent, no loop, reserved counts) still hold when it writes.
 */
export async function lockProjectRelations(tx: Queryable, projectId: string): Promise<void> {
  await tx.query("select pg_advisory_xact_lock(hashtext('relations:' || $1::text))", [projectId]);
}

/**
 * Pairs the children under the parent in the order given, each only if it still has no parent
 * and is at the revision read; answers how many were paired (fewer: someone changed one first).
 */
export async function pairChildren(
  tx: Queryable,
  parentId: string,
  children: readonly { id: string; revision: number }[],
): Promise<number> {
  const { rows } = await tx.query(
    `update barcodes b set parent_id = $1, revision = b.revision + 1,
            pair_order = coalesce((select max(c.pair_order) from barcodes c where c.parent_id = $1), 0) + x.ord
       from unnest($2::text[], $3::int[]) with ordinality as x(id, revision, ord)
      where b.id = x.id and b.parent_id is null and b.revision = x.revision returning b.id`,
    [parentId, children.map((c) => c.id), children.map((c) => c.revision)],
  );
  return rows.length;
}

/** Unpairs the listed children of the parent; answers how many were still its children. */
export async function unpairChildren(tx: Queryable, parentId: string, childIds: readonly string[]): Promise<number> {
  const { rows } = await tx.query(
    'update barcodes set parent_id = null, pair_order = null, revision = revision + 1 where parent_id = $1 and id = any($2::text[]) returning id',
    [parentId, childIds],
  );
  return rows.length;
}

/** A history entry of one barcode among several appended at once. */
export interface HistoryItem {
  barcodeId: string;
  trackPointKey: string | null;
  data: unknown;
}

/** Appends one history entry to each barcode, all with the same action and user, in one statement. */
export async function appendHistoryEach(
  tx: Queryable,
  entries: readonly HistoryItem[],
  action: string,
  userId: string,
  madeAt?: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.query(
    `insert into barcode_history (barcode_id, seq, action, track_point_key, data, user_id, created_at)
     select x.id, coalesce((select max(h.seq) from barcode_history h where h.barcode_id = x.id), 0) + 1, $4, x.point, x.data, $5,
       case when $6::timestamptz is null then now()
         else greatest($6::timestamptz, (select max(h.created_at) from barcode_history h where h.barcode_id = x.id)) end
       from unnest($1::text[], $2::text[], $3::jsonb[]) as x(id, point, data)`,
    [
      entries.map((e) => e.barcodeId),
      entries.map((e) => e.trackPointKey),
      entries.map((e) => JSON.stringify(e.data)),
      action,
      userId,
      madeAt ?? null,
    ],
  );
  await chainPending(
    tx,
    entries.map((e) => e.barcodeId),
  );
}

/**
 * Moves every descendant of the barcode (children, their children, ...) to the trackpoint and
 * appends `action` to each one's history with `data`, in one statement; answers how many moved.
 */
export async function moveDescendants(
  tx: Queryable,
  rootId: string,
  trackPointKey: string,
  action: string,
  data: unknown,
  userId: string,
): Promise<number> {
  const { rows } = await tx.query<{ barcode_id: string }>(
    `with recursive tree(id) as (
       select id from barcodes where parent_id = $1
       union all
       select b.id from barcodes b join tree on b.parent_id = tree.id
     ), moved as (
       update barcodes b set current_track_point_key = $2, revision = b.revision + 1 from tree where b.id = tree.id returning b.id
     ), logged as (
       insert into barcode_history (barcode_id, seq, action, track_point_key, data, user_id)
       select moved.id, coalesce((select max(h.seq) from barcode_history h where h.barcode_id = moved.id), 0) + 1, $3, $2, $4, $5 from moved
       returning barcode_id
     ) select barcode_id from logged`,
    [rootId, trackPointKey, action, JSON.stringify(data), userId],
  );
  await chainPending(
    tx,
    rows.map((r) => r.barcode_id),
  );
  return rows.length;
}

/** One barcode of the tree under another, as the children page reads it. */
export interface DescendantRow {
  id: string;
  parent_id: string;
  depth: number;
  children_count: number;
  barcode_type: string | null;
  is_activated: boolean;
  current_track_point_key: string | null;
  external_id: string | null;
}

const TREE = `with recursive tree(id, depth, path) as (
    select b.id, 1, array[lpad(coalesce(b.pair_order, 0)::text, 10, '0') || b.id] from barcodes b where b.parent_id = $1
    union all
    select b.id, tree.depth + 1, tree.path || (lpad(coalesce(b.pair_order, 0)::text, 10, '0') || b.id)
      from barcodes b join tree on b.parent_id = tree.id where tree.depth < 10000
  )`;

/** A page of the tree under the barcode, depth first, children in pairing order; with the number of all descendants. */
export async function descendantsPage(
  db: Queryable,
  rootId: string,
  skip: number,
  count: number,
): Promise<{ total: number; items: DescendantRow[] }> {
  const { rows } = await db.query<DescendantRow & { total: number }>(
    `${TREE}
     select b.id, b.parent_id, t.depth, (select count(*)::int from barcodes c where c.parent_id = b.id) as children_count,
            b.barcode_type, b.is_activated, b.current_track_point_key, b.external_id, count(*) over ()::int as total
       from tree t join barcodes b on b.id = t.id order by t.path offset $2 limit $3`,
    [rootId, skip, count],
  );
  const first = rows[0];
  if (first) return { total: first.total, items: rows };
  const total =
    skip === 0
      ? 0
      : ((await db.query<{ n: number }>(`${TREE} select count(*)::int as n from tree`, [rootId])).rows[0]?.n ?? 0);
  return { total, items: [] };
}

/** A barcode's place among parents, children and links, read in one query. */
export interface RelationCountsRow {
  children_count: number;
  link_to: number;
  be_linked: number;
  /** Parent first, then its parent and so on. */
  ancestor_ids: string[];
}

export async function relationCounts(db: Queryable, id: string): Promise<RelationCountsRow> {
  const { rows } = await db.query<RelationCountsRow>(
    `select (select count(*)::int from barcodes where parent_id = $1) as children_count,
            (select count(*)::int from barcode_links where from_id = $1) as link_to,
            (select count(*)::int from barcode_links where to_id = $1) as be_linked,
            coalesce((with recursive up(id, parent_id, depth) as (
               select b.id, b.parent_id, 0 from barcodes b where b.id = $1
               union all
               select b.id, b.parent_id, up.depth + 1 from barcodes b join up on b.id = up.parent_id where up.depth < 10000
             ) select array_agg(id order by depth) from up where depth > 0), '{}') as ancestor_ids`,
    [id],
  );
  return rows[0] ?? { children_count: 0, link_to: 0, be_linked: 0, ancestor_ids: [] };
}
