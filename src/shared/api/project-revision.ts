import { mutate } from 'swr';
import { Headers as HeaderNames } from '@schemas/validation';

/**
 * The configuration revision of the project this phone has loaded (issue 19). Writes send it as
 * Config-Revision, so the server checks them by the rules the form was drawn with; answers carry
 * the revision in service (`project-revision`), and when it differs the project is loaded again:
 * an open form re-renders with the new configuration, keeping what was typed (its data lives in
 * the screen's state, not in the form).
 */
let loaded: number | undefined;

/** The revision of the loaded project (absent before one is loaded; a server without revisions counts as 1). */
export const loadedProjectRevision = (): number | undefined => loaded;

/** Called when GET /barcode/project answers. */
export function noteLoadedProject(project: { revision?: number }): void {
  loaded = project.revision ?? 1;
}

/** Reads `project-revision` from an answer; a revision other than the loaded one reloads every loaded project. */
export function checkProjectRevision(headers: Headers | undefined): void {
  const announced = Number(headers?.get(HeaderNames.projectRevision));
  if (!Number.isInteger(announced) || announced < 1 || loaded === undefined || announced === loaded) return;
  // Taken as known at once, so the answers that arrive while the project reloads do not ask again.
  loaded = announced;
  void mutate((key) => Array.isArray(key) && key[0] === 'project');
}
