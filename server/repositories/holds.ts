import type { Queryable } from '../db/database';

/**
 * Recall holds (migration 023): `barcodes.hold_reference` is the hold in force, read with the
 * barcode's row by every write; `recall_holds` records each hold and its release.
 */

/** An implicated package as a hold reads it. */
export interface HoldCandidateRow {
  id: string;
  external_id: string | null;
  is_activated: boolean;
  hold_reference: string | null;
}

export async function findHoldCandidates(db: Queryable, ids: readonly string[]): Promise<HoldCandidateRow[]> {
  const { rows } = await db.query<HoldCandidateRow>(
    'select id, external_id, is_activated, hold_reference from barcodes where id = any($1::text[]) order by id',
    [ids],
  );
  return rows;
}

/**
 * Puts each listed barcode that is activated and on no hold on hold for `reference`, moving its
 * revision on (a write that read it before fails as a concurrent change), and records the holds;
 * answers the ids held. Rows are updated in id order, so two holds over the same packages wait
 * for each other rather than deadlock.
 */
export async function holdAll(
  tx: Queryable,
  hold: { projectId: string; ids: readonly string[]; reference: string; reason: string; userId: string },
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `with locked as (
       select id from barcodes where id = any($1::text[]) and is_activated and hold_reference is null order by id for update
     ), held as (
       update barcodes b set hold_reference = $2, revision = b.revision + 1 from locked where b.id = locked.id returning b.id
     ), recorded as (
       insert into recall_holds (project_id, barcode_id, reference, reason, held_by)
       select $3, held.id, $2, $4, $5 from held returning barcode_id
     ) select barcode_id as id from recorded order by barcode_id`,
    [hold.ids, hold.reference, hold.projectId, hold.reason, hold.userId],
  );
  return rows.map((r) => r.id);
}

/**
 * Takes the barcodes on hold for the project's recall `reference` off hold (only those listed,
 * when `ids` is given), recording who, when and why; answers the ids released.
 */
export async function releaseAll(
  tx: Queryable,
  release: { projectId: string; reference: string; ids?: readonly string[]; reason: string; userId: string },
): Promise<string[]> {
  const { rows } = await tx.query<{ id: string }>(
    `with held as (
       select h.barcode_id from recall_holds h
        where h.project_id = $1 and h.reference = $2 and h.released_at is null
          and ($3::text[] is null or h.barcode_id = any($3::text[]))
        order by h.barcode_id for update
     ), freed as (
       update barcodes b set hold_reference = null, revision = b.revision + 1
         from held where b.id = held.barcode_id and b.hold_reference = $2 returning b.id
     ), recorded as (
       update recall_holds h set released_at = now(), released_by = $4, release_reason = $5
         from freed where h.barcode_id = freed.id and h.released_at is null returning h.barcode_id
     ) select barcode_id as id from recorded order by barcode_id`,
    [release.projectId, release.reference, release.ids ?? null, release.userId, release.reason],
  );
  return rows.map((r) => r.id);
}

/** The project's recalls with packages on hold now: their first hold's reason, time and user, and how many. */
export async function heldRecalls(
  db: Queryable,
  projectId: string,
): Promise<{ reference: string; reason: string; count: number; held_at: Date; held_by: string | null }[]> {
  const { rows } = await db.query<{
    reference: string;
    reason: string;
    count: number;
    held_at: Date;
    held_by: string | null;
  }>(
    `select distinct on (h.reference) h.reference, h.reason, h.held_at, (u.first_name || ' ' || u.last_name) as held_by,
            count(*) over (partition by h.reference)::int as count
       from recall_holds h left join users u on u.id = h.held_by
      where h.project_id = $1 and h.released_at is null
      order by h.reference, h.held_at, h.id`,
    [projectId],
  );
  return rows;
}

/** The hold in force on a barcode, with its reason, time and user; undefined when none. */
export async function holdOf(
  db: Queryable,
  barcodeId: string,
): Promise<{ reference: string; reason: string; held_at: Date; held_by: string | null } | undefined> {
  const { rows } = await db.query<{ reference: string; reason: string; held_at: Date; held_by: string | null }>(
    `select h.reference, h.reason, h.held_at, (u.first_name || ' ' || u.last_name) as held_by
       from recall_holds h left join users u on u.id = h.held_by
      where h.barcode_id = $1 and h.released_at is null`,
    [barcodeId],
  );
  return rows[0];
}

/**
 * Of the barcodes' descendants (children, their children, ...), the first on hold for a recall
 * under each one: the root among `rootIds` and the recall's reference.
 */
export async function heldDescendants(db: Queryable, rootIds: readonly string[]): Promise<Map<string, string>> {
  if (rootIds.length === 0) return new Map();
  const { rows } = await db.query<{ root: string; reference: string }>(
    `with recursive tree(root, id) as (
       select parent_id, id from barcodes where parent_id = any($1::text[])
       union all
       select tree.root, b.id from barcodes b join tree on b.parent_id = tree.id
     ) select distinct on (tree.root) tree.root, b.hold_reference as reference
         from tree join barcodes b on b.id = tree.id
        where b.hold_reference is not null order by tree.root, b.id`,
    [rootIds],
  );
  return new Map(rows.map((r) => [r.root, r.reference]));
}
