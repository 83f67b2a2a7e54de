import { randomInt } from 'node:crypto';
import type { Barcode, BarcodeQuery, GenerateBarcodeBody } from '../../schemas/api/barcode';
import { BARCODE_ID_PATTERN } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import { isVisible, SPECIAL_FIELD_NAMES } from '../../renderer';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { commonFailure, fieldFailure } from '../rules/api-failure';
import { COUNTRY_CODES } from '../../schemas/countries';
import type { ProjectPermission } from '../../schemas/api/project';
import type { TrackPoint } from '../../schemas/project-config';
import { findProject, projectPermission, type ProjectRow, type Viewer } from './projects';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_PATTERN = new RegExp(BARCODE_ID_PATTERN);

/** A new barcode id: 12 random letters and digits (about 71 bits). */
export function newBarcodeId(): string {
  let id = '';
  for (let i = 0; i < 12; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** Whether the viewer works for the project's enterprise (spec section 6). */
export const belongsTo = (viewer: Viewer | null, project: ProjectRow): viewer is Viewer =>
  viewer !== null && viewer.enterpriseId === project.enterprise_id;

/**
 * POST /barcode/barcode: a new, not yet activated barcode. Only users of the project's
 * enterprise with the generate permission, or client users, may generate (spec section 6).
 */
export async function generateBarcode(ctx: ServerContext, viewer: Viewer, body: GenerateBarcodeBody): Promise<string> {
  const project = await findProject(ctx.db, { code: body.projectCode, version: body.projectVersion });
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.forbidden, 403);
  const permission = await projectPermission(ctx.db, project, viewer);
  if (!permission.generateBarcodePermission.canEdit && viewer.userType !== 'client') throw commonFailure(ErrorCode.forbidden, 403);
  return ctx.db.transaction(async (tx) => {
    if (body.externalId !== undefined) {
      const taken = await tx.query('select 1 from barcodes where project_id = $1 and external_id = $2', [project.id, body.externalId]);
      if (taken.rows.length > 0) throw commonFailure(ErrorCode.duplicateExternalId);
    }
    const id = newBarcodeId();
    await tx.query('insert into barcodes (id, project_id, external_id, created_by) values ($1, $2, $3, $4)', [id, project.id, body.externalId ?? null, viewer.userId]);
    await appendHistory(tx, id, 'generated', null, null, viewer.userId);
    return id;
  });
}

/** Appends one entry to a barcode's history (never updated, never deleted). */
export async function appendHistory(db: Queryable, barcodeId: string, action: string, trackPointKey: string | null, data: unknown, userId: string): Promise<void> {
  await db.query(
    `insert into barcode_history (barcode_id, seq, action, track_point_key, data, user_id)
     values ($1, coalesce((select max(seq) from barcode_history where barcode_id = $1), 0) + 1, $2, $3, $4, $5)`,
    [barcodeId, action, trackPointKey, data === null ? null : JSON.stringify(data), userId],
  );
}

/** A barcode as stored (the columns the domain reads). */
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
}

/**
 * Activation data as this viewer may see it: built-in fields, and custom fields by their
 * visibility (hidden never; visible-when-logged-in only to users of the enterprise).
 */
export function visibleActivationData(project: ProjectRow, row: BarcodeRow, viewer: Viewer | null): Record<string, unknown> | null {
  if (!row.activation_data) return null;
  const fields = row.barcode_type ? project.config.barcodeTypes[row.barcode_type]?.activationFields ?? [] : [];
  const loggedIn = belongsTo(viewer, project);
  const allowed = new Set<string>([...SPECIAL_FIELD_NAMES, 'origin', 'destination', ...fields.filter((f) => isVisible(f, loggedIn)).map((f) => f.key)]);
  return Object.fromEntries(Object.entries(row.activation_data).filter(([key]) => allowed.has(key)));
}

/** GET /barcode/barcode: open to visitors; by id, or by project code + external id (+ tracking number). */
export async function getBarcode(ctx: ServerContext, viewer: Viewer | null, query: BarcodeQuery): Promise<Barcode> {
  let rows: BarcodeRow[] = [];
  if (query.id !== undefined) {
    if (ID_PATTERN.test(query.id)) rows = (await ctx.db.query<BarcodeRow>('select * from barcodes where id = $1', [query.id])).rows;
  } else if (query.projectCode !== undefined && query.externalId !== undefined) {
    rows = (await ctx.db.query<BarcodeRow>(
      `select b.* from barcodes b join projects p on p.id = b.project_id
        where p.code = $1 and b.external_id = $2 and ($3::text is null or b.tracking_number = $3)
        order by p.version desc limit 1`,
      [query.projectCode, query.externalId, query.trackingNumber ?? null],
    )).rows;
  } else {
    throw commonFailure(ErrorCode.emptyField);
  }
  const row = rows[0];
  if (!row) throw commonFailure(ErrorCode.barcodeNotFound);
  const project = await findProject(ctx.db, { id: row.project_id });
  return {
    id: row.id,
    barcodeType: row.barcode_type,
    isActivated: row.is_activated,
    isDeactivated: row.is_deactivated,
    currentTrackPointKey: row.current_track_point_key,
    projectId: project.id,
    projectCode: project.code,
    projectVersion: project.version,
    externalId: row.external_id,
    trackingNumber: row.tracking_number,
    activationData: visibleActivationData(project, row, viewer),
  };
}

/** A barcode and its project, for reads: 2303 when there is no such barcode. */
export async function loadBarcode(db: Queryable, barcodeId: string): Promise<{ row: BarcodeRow; project: ProjectRow }> {
  const row = (await db.query<BarcodeRow>('select * from barcodes where id = $1', [barcodeId])).rows[0];
  if (!row) throw commonFailure(ErrorCode.barcodeNotFound);
  return { row, project: await findProject(db, { id: row.project_id }) };
}

/** The label a person reads for a barcode (spec section 3): its external id, else its id. */
export const displayLabel = (row: Pick<BarcodeRow, 'id' | 'external_id'>): string => row.external_id ?? row.id;

/** The stored state of a barcode that a change starts from. */
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
}

/**
 * Loads a barcode for a change by the viewer: it exists (2303), the viewer works for its
 * project's enterprise and has the permission the change needs (403), and it is not
 * deactivated (3095).
 */
export async function barcodeForChange(ctx: ServerContext, viewer: Viewer, barcodeId: string, permission: keyof ProjectPermission): Promise<{ row: StoredBarcode; project: ProjectRow }> {
  const { rows } = await ctx.db.query<StoredBarcode>(
    `select project_id, barcode_type, is_activated, is_deactivated, current_track_point_key, revision, external_id, parent_id, is_sealed
       from barcodes where id = $1`,
    [barcodeId],
  );
  const row = rows[0];
  if (!row) throw commonFailure(ErrorCode.barcodeNotFound);
  const project = await findProject(ctx.db, { id: row.project_id });
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.forbidden, 403);
  if (!(await projectPermission(ctx.db, project, viewer))[permission].canEdit) throw commonFailure(ErrorCode.forbidden, 403);
  if (row.is_deactivated) throw commonFailure(ErrorCode.deactivated);
  return { row, project };
}

/** Addresses and package information given with an activation or a tracking step. */
export interface StepInfo {
  origin?: unknown;
  destination?: unknown;
  dimension?: unknown;
  weight?: number;
}

/**
 * Throws 3003 when a trackpoint requires origin, destination or package information that is
 * missing, and 2201 (on `origin.country` / `destination.country`) for a country that is not
 * one of the ISO alpha-3 codes of spec section 3.
 */
export function assertRequiredInfo(point: TrackPoint, info: StepInfo): void {
  const missing = (point.requireOrigin && !info.origin) || (point.requireDestination && !info.destination)
    || (point.requirePackageInfo && (!info.dimension || info.weight === undefined));
  if (missing) throw commonFailure(ErrorCode.insufficientInfoToStart);
  for (const side of ['origin', 'destination'] as const) {
    const country = (info[side] as { country?: string } | undefined)?.country;
    if (country !== undefined && !COUNTRIES.has(country)) throw fieldFailure(`${side}.country`, ErrorCode.invalidCountry);
  }
}

const COUNTRIES = new Set<string>(COUNTRY_CODES);

/** The step's addresses and package information, as stored (absent ones left out). */
export function stepInfo(info: StepInfo): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ origin: info.origin, destination: info.destination, dimension: info.dimension, weight: info.weight }).filter(([, v]) => v !== undefined));
}
