import type { Queryable } from '../db/database';
import type { Project, ProjectPermission, ProjectQuery } from '../../schemas/api/project';
import type { ProjectConfig, UserType } from '../../schemas/project-config';
import { ErrorCode } from '../../schemas/error-codes';
import { commonFailure } from '../rules/api-failure';
import type { FormSource, FormViewer } from '../../renderer';
import { UUID_PATTERN } from '../infra/ids';

export interface ProjectRow {
  id: string;
  enterprise_id: string;
  enterprise_name: string;
  code: string;
  version: number;
  name: string;
  config: ProjectConfig;
  has_logo: boolean;
}

/** What the renderer compiles a stored project's forms from. */
export const formSourceOf = (project: ProjectRow): FormSource => ({ code: project.code, version: project.version, barcodeTypes: project.config.barcodeTypes });

/**
 * The server validates as a logged-in user sees a form: fields hidden from everyone are unknown
 * keys, fields hidden from visitors are for users only, and writes need a login. Messages go out
 * as catalogue codes, so the language of the labels does not matter.
 */
export const SERVER_VIEWER: FormViewer = { language: 'en', loggedIn: true };

const SELECT_PROJECT = `select p.id, p.enterprise_id, e.name as enterprise_name, p.code, p.version, p.name, p.config,
  (p.custom_logo is not null) as has_logo
  from projects p join enterprises e on e.id = p.enterprise_id`;

/** Finds a project by id, or by code and version (the latest version when none is given). */
export async function findProject(db: Queryable, query: ProjectQuery): Promise<ProjectRow> {
  let rows: ProjectRow[] = [];
  if (query.id !== undefined) {
    if (UUID_PATTERN.test(query.id)) rows = (await db.query<ProjectRow>(`${SELECT_PROJECT} where p.id = $1`, [query.id])).rows;
  } else if (query.code !== undefined) {
    rows = query.version === undefined
      ? (await db.query<ProjectRow>(`${SELECT_PROJECT} where p.code = $1 order by p.version desc limit 1`, [query.code])).rows
      : (await db.query<ProjectRow>(`${SELECT_PROJECT} where p.code = $1 and p.version = $2`, [query.code, query.version])).rows;
  } else {
    throw commonFailure(ErrorCode.emptyField);
  }
  const row = rows[0];
  if (!row) throw commonFailure(ErrorCode.projectNotFound);
  return row;
}

/** The viewer of a request: who is logged in, if anyone. */
export interface Viewer {
  userId: string;
  userType: UserType;
  enterpriseId: string;
}

const DEFAULT_PERMISSIONS: Record<UserType, [boolean, boolean, boolean]> = {
  // [generate barcode, activate barcode, add tracking]
  staff: [true, true, true],
  carrier: [false, true, true],
  client: [true, true, false],
};

/**
 * What the viewer may do in the project (spec section 6). Nobody outside the project's
 * enterprise may do anything; inside it, a project_members row overrides the user type's
 * defaults (README, "Permissions").
 */
export async function projectPermission(db: Queryable, project: ProjectRow, viewer: Viewer | null): Promise<ProjectPermission> {
  let flags: [boolean, boolean, boolean] = [false, false, false];
  if (viewer && viewer.enterpriseId === project.enterprise_id) {
    const { rows } = await db.query<{ g: boolean; a: boolean; t: boolean }>(
      `select can_generate_barcode as g, can_activate_barcode as a, can_add_tracking as t
         from project_members where project_id = $1 and user_id = $2`,
      [project.id, viewer.userId],
    );
    const row = rows[0];
    flags = row ? [row.g, row.a, row.t] : DEFAULT_PERMISSIONS[viewer.userType];
  }
  return {
    generateBarcodePermission: { canEdit: flags[0] },
    activateBarcodePermission: { canEdit: flags[1] },
    addTrackingPermission: { canEdit: flags[2] },
  };
}

/** The project as GET /barcode/project returns it. */
export function toProject(row: ProjectRow, permission: ProjectPermission): Project {
  return {
    ...row.config,
    id: row.id,
    code: row.code,
    name: row.name,
    version: row.version,
    enterpriseId: row.enterprise_id,
    enterpriseName: row.enterprise_name,
    customLogoImageUrl: row.has_logo ? `/api/barcode/project-logo/${row.id}` : null,
    barcodeReaderLicenseKey: null,
    projectPermission: permission,
  };
}
