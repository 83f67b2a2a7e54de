import { mutate } from 'swr';
import { Headers as HeaderNames } from '@schemas/validation';

/**
 * The configuration revision of the project this phone has loaded. Writes send it as
 * Config-Revision, so the server checks them by the rules the form was drawn with; answers
 * carry the revision in service (`project-revision`), and when it differs the project is loaded
 * again: an open form re-renders with the new configuration, keeping what was typed (its data
 * lives in the screen's state, not in the form).
 */
let loaded: number | undefined;
/** The reload a newer revision started, while it runs. */
let reloading: Promise<unknown> | null = null;

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
  const reload = mutate((key) => Array.isArray(key) && key[0] === 'project').finally(() => {
    if (reloading === reload) reloading = null;
  });
  reloading = reload;
}

/**
 * Settles once a reload started by a newer revision is over (at once when none is), and the
 * screens have drawn the new configuration: a refusal that names a field only the new form has
 * is then said with that field's label.
 */
export async function projectReloaded(): Promise<void> {
  if (!reloading) return;
  await reloading.catch(() => undefined);
  // React draws the reloaded project meanwhile (its updates are scheduled as tasks of their own).
  await new Promise((resolve) => setTimeout(resolve, 50));
}
