import type { ProjectQuery } from '../../schemas/api/project';
import { ErrorCode } from '../../schemas/error-codes';
import type { ProjectConfig } from '../../schemas/project-config';
import { UUID_PATTERN_SOURCE } from '../../schemas/validation';
import { compileForm, type CompiledForm, type FormRef, type FormSource, type FormViewer } from '../../renderer';
import { commonFailure } from './api-failure';

const UUID_PATTERN = new RegExp(UUID_PATTERN_SOURCE);

/** Whether a text can be a project id at all (ids are UUIDs): anything else names no project. */
export const isProjectId = (id: string): boolean => UUID_PATTERN.test(id);

/** How a project is looked up: by id, or by code and version (the latest version when none is given). */
export type ProjectLookup = { id: string } | { code: string; version: number | undefined };

/**
 * How GET /barcode/project and the other project queries find their project. An id that is not a
 * UUID can match nothing (null); a query with neither id nor code is ErrorCode.emptyField.
 */
export function projectLookup(query: ProjectQuery): ProjectLookup | null {
  if (query.id !== undefined) return isProjectId(query.id) ? { id: query.id } : null;
  if (query.code !== undefined) return { code: query.code, version: query.version };
  throw commonFailure(ErrorCode.emptyField);
}

export function assertProjectFound<T>(project: T | undefined): T {
  if (!project) throw commonFailure(ErrorCode.projectNotFound);
  return project;
}

/** A stored project as the form rules read it. */
export interface ConfiguredProject {
  code: string;
  version: number;
  config: ProjectConfig;
}

/** What the renderer compiles a stored project's forms from. */
export const formSourceOf = (project: ConfiguredProject): FormSource => ({
  code: project.code,
  version: project.version,
  barcodeTypes: project.config.barcodeTypes,
});

/**
 * The server validates as a logged-in user sees a form: fields hidden from everyone are unknown
 * keys, fields hidden from visitors are for users only, and writes need a login. Messages go out
 * as catalogue codes, so the language of the labels does not matter.
 */
export const SERVER_VIEWER: FormViewer = { language: 'en', loggedIn: true };

/** Compiled server forms per stored configuration (an object kept by the project cache), by form. */
const compiledForms = new WeakMap<ProjectConfig, Map<string, CompiledForm>>();

/**
 * A form of a stored project compiled for the server (SERVER_VIEWER), once per configuration:
 * the project cache hands out the same configuration object until the project's row changes,
 * and a changed configuration is a new object, compiled afresh. Callers read the result only.
 */
export function serverForm(project: ConfiguredProject, ref: FormRef): CompiledForm {
  let forms = compiledForms.get(project.config);
  if (!forms) {
    forms = new Map();
    compiledForms.set(project.config, forms);
  }
  const key = `${project.code}@${project.version} ${JSON.stringify(ref)}`;
  let form = forms.get(key);
  if (!form) {
    form = compileForm(formSourceOf(project), ref, SERVER_VIEWER);
    forms.set(key, form);
  }
  return form;
}

/**
 * Which configuration checks a write made on a form of an earlier revision: that revision's, when
 * the write was made (Made-At, else now) before the next revision was published, so a step queued
 * offline on the old form is accepted as it was filled; the revision in service otherwise, so a
 * phone that still shows the old form after a publish is told what the new one requires (its next
 * answer announces the revision; the form reloads).
 */
export function revisionForWrite(madeAt: Date, nextPublishedAt: Date | undefined): 'sent' | 'current' {
  return nextPublishedAt !== undefined && madeAt.getTime() < nextPublishedAt.getTime() ? 'sent' : 'current';
}
