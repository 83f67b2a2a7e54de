import type { Queryable } from '../db/database';

/** A barcode as stored (the columns the server reads). */
export interface BarcodeRow {
  id: string;
  project_id: string;
  barcode_type: string | null;
  is_activated: boolean;
  is_deactivated: boolean;
  current_track_point_key: string | null;
  external_id: string | null;
  tracking_number: string | null;
  activation_data: Record<string, unknown> | null;
  parent_id: string | null;
  /** Times recycled: notifications of earlier cycles are not shown. */
  cycle: number;
  /** The recall it is on hold for, if any. */
  hold_reference: string | null;
}

/** The stored state of a barcode that a change starts from; `revision` guards against concurrent changes. */
export interface StoredBarcode {
  project_id: string;
  barcode_type: string | null;
  is_activated: boolean;
  is_deactivated: boolean;
  current_track_point_key: string | null;
  revision: number;
  external_id: string | null;
  parent_id: string | null;
  is_sealed: boolean;
  /** Sealed in the ledger up to this history index (null: never): those entries never change. */
  sealed_seq: number | null;
  /** Times recycled: a barcode not activated after a recycle is refused as recycled, not as new. */
  cycle: number;
  /** The recall it is on hold for, if any: it goes only to a quarantine trackpoint. */
  hold_reference: string | null;
}

/** What reference fields and the project lookups of a barcode read. */
export interface BarcodeSummary {
  project_id: string;
  external_id: string | null;
  tracking_number: string | null;
  barcode_type: string | null;
  current_track_point_key: string | null;
}

export async function findBarcode(db: Queryable, id: string): Promise<BarcodeRow | undefined> {
  return (await db.query<BarcodeRow>('select * from barcodes where id = $1', [id])).rows[0];
}

/** The barcode of the latest project version with this code that has the external id (and tracking number, when given). */
export async function findBarcodeByExternalId(
  db: Queryable,
  projectCode: string,
  externalId: string,
  trackingNumber: string | undefined,
): Promise<BarcodeRow | undefined> {
  const { rows } = await db.query<BarcodeRow>(
    `select b.* from barcodes b join projects p on p.id = b.project_id
      where p.code = $1 and b.external_id = $2 and ($3::text is null or b.tracking_number = $3)
      order by p.version desc limit 1`,
    [projectCode, externalId, trackingNumber ?? null],
  );
  return rows[0];
}

/** The columns of a StoredBarcode: one list for every query that reads one. */
const STORED_COLUMNS = [
  'project_id',
  'barcode_type',
  'is_activated',
  'is_deactivated',
  'current_track_point_key',
  'revision',
  'external_id',
  'parent_id',
  'is_sealed',
  'sealed_seq',
  'cycle',
  'hold_reference',
] as const;

export async function findStoredBarcode(db: Queryable, id: string): Promise<StoredBarcode | undefined> {
  const { rows } = await db.query<StoredBarcode>(`select ${STORED_COLUMNS.join(', ')} from barcodes where id = $1`, [
    id,
  ]);
  return rows[0];
}

/**
 * A barcode for a change, with what the change needs besides in the same statement: the stamp
 * of its project's row (infra/project-cache.ts) and the user's project_members row (null
 * columns when there is none).
 */
export async function findStoredBarcodeForChange(
  db: Queryable,
  id: string,
  userId: string,
): Promise<(StoredBarcode & StampAndMember) | undefined> {
  const { rows } = await db.query<StoredBarcode & StampAndMember>(
    `select ${STORED_COLUMNS.map((c) => `b.${c}`).join(', ')}, p.xmin::text as project_stamp,
            m.can_generate_barcode, m.can_activate_barcode, m.can_add_tracking, m.can_recall
       from barcodes b join projects p on p.id = b.project_id
            left join project_members m on m.project_id = b.project_id and m.user_id = $2
      where b.id = $1`,
    [id, userId],
  );
  return rows[0];
}

/** A barcode with the stamp of its project's row (infra/project-cache.ts). */
export async function findStampedBarcode(
  db: Queryable,
  id: string,
): Promise<(BarcodeRow & { project_stamp: string }) | undefined> {
  return (
    await db.query<BarcodeRow & { project_stamp: string }>(
      'select b.*, p.xmin::text as project_stamp from barcodes b join projects p on p.id = b.project_id where b.id = $1',
      [id],
    )
  ).rows[0];
}

/** The stamp of a barcode's project row and the user's project_members row, read with the barcode. */
export interface StampAndMember {
  project_stamp: string;
  can_generate_barcode: boolean | null;
  can_activate_barcode: boolean | null;
  can_add_tracking: boolean | null;
  can_recall: boolean | null;
}

export async function findBarcodeSummary(db: Queryable, id: string): Promise<BarcodeSummary | undefined> {
  return (
    await db.query<BarcodeSummary>(
      'select project_id, external_id, tracking_number, barcode_type, current_track_point_key from barcodes where id = $1',
      [id],
    )
  ).rows[0];
}

/** The project a barcode belongs to, if the barcode exists. */
export async function findProjectIdOf(db: Queryable, id: string): Promise<string | undefined> {
  return (await db.query<{ project_id: string }>('select project_id from barcodes where id = $1', [id])).rows[0]
    ?.project_id;
}

/** Whether a barcode of the project other than `exceptId` (none: any) has the external id. */
export async function externalIdTaken(
  db: Queryable,
  projectId: string,
  externalId: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from barcodes where project_id = $1 and external_id = $2 and id is distinct from $3',
    [projectId, externalId, exceptId],
  );
  return rows.length > 0;
}

export async function insertBarcode(
  db: Queryable,
  barcode: { id: string; projectId: string; externalId: string | null; createdBy: string },
): Promise<void> {
  await db.query('insert into barcodes (id, project_id, external_id, created_by) values ($1, $2, $3, $4)', [
    barcode.id,
    barcode.projectId,
    barcode.externalId,
    barcode.createdBy,
  ]);
}

/** The activation data a change of it starts from, with the revision it was read at. */
export async function findActivationData(
  db: Queryable,
  id: string,
): Promise<{ activation_data: Record<string, unknown> | null; revision: number } | undefined> {
  return (
    await db.query<{ activation_data: Record<string, unknown> | null; revision: number }>(
      'select activation_data, revision from barcodes where id = $1',
      [id],
    )
  ).rows[0];
}

/** What an activation or its edit stores. */
export interface Activation {
  activationData: Record<string, unknown>;
  externalId: string | null;
  trackingNumber: string | null;
}

/**
 * The updates below change the barcode only if it is still at `revision` (and they move it on):
 * false means someone else changed it first.
 */
export async function activate(
  db: Queryable,
  id: string,
  revision: number,
  barcodeType: string,
  trackPointKey: string,
  activation: Activation,
): Promise<boolean> {
  const { rows } = await db.query(
    `update barcodes set barcode_type = $3, is_activated = true, current_track_point_key = $4, activation_data = $5,
            external_id = $6, tracking_number = $7, revision = revision + 1
      where id = $1 and revision = $2 and not is_activated returning id`,
    [
      id,
      revision,
      barcodeType,
      trackPointKey,
      JSON.stringify(activation.activationData),
      activation.externalId,
      activation.trackingNumber,
    ],
  );
  return rows.length > 0;
}

export async function updateActivation(
  db: Queryable,
  id: string,
  revision: number,
  activation: Activation,
): Promise<boolean> {
  const { rows } = await db.query(
    `update barcodes set activation_data = $3, external_id = $4, tracking_number = $5, revision = revision + 1
      where id = $1 and revision = $2 and is_activated returning id`,
    [id, revision, JSON.stringify(activation.activationData), activation.externalId, activation.trackingNumber],
  );
  return rows.length > 0;
}

export async function moveToTrackPoint(
  db: Queryable,
  id: string,
  revision: number,
  trackPointKey: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'update barcodes set current_track_point_key = $3, revision = revision + 1 where id = $1 and revision = $2 returning id',
    [id, revision, trackPointKey],
  );
  return rows.length > 0;
}

/** Moves the revision on without another change (a corrected step leaves the barcode where it is). */
export async function bumpRevision(db: Queryable, id: string, revision: number): Promise<boolean> {
  const { rows } = await db.query(
    'update barcodes set revision = revision + 1 where id = $1 and revision = $2 returning id',
    [id, revision],
  );
  return rows.length > 0;
}

/** Back to not activated, without type, trackpoint, identifiers or data; the cycle moves on. */
export async function resetForReuse(db: Queryable, id: string, revision: number): Promise<boolean> {
  const { rows } = await db.query(
    `update barcodes set barcode_type = null, is_activated = false, current_track_point_key = null, external_id = null,
            tracking_number = null, activation_data = null, cycle = cycle + 1, revision = revision + 1
      where id = $1 and revision = $2 returning id`,
    [id, revision],
  );
  return rows.length > 0;
}

export async function hasChildren(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('select 1 from barcodes where parent_id = $1 limit 1', [id])).rows.length > 0;
}

/** The barcodes paired directly under a parent, in the order they were paired. */
export async function findChildren(db: Queryable, parentId: string): Promise<BarcodeRow[]> {
  return (await db.query<BarcodeRow>('select * from barcodes where parent_id = $1 order by pair_order, id', [parentId]))
    .rows;
}

/** Inserts new barcodes of one project (a label sheet), in one statement. */
export async function insertBarcodes(
  db: Queryable,
  ids: readonly string[],
  projectId: string,
  createdBy: string,
): Promise<void> {
  await db.query(
    'insert into barcodes (id, project_id, created_by) select x.id, $2, $3 from unnest($1::text[]) as x(id)',
    [ids, projectId, createdBy],
  );
}
