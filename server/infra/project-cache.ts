import type { ProjectRow } from '../repositories/projects';

/**
 * Stored projects kept in memory, each with the stamp of the row it was read from: PostgreSQL's
 * `xmin` of the `projects` row, which every update of the row changes (a configuration reload,
 * a logo), whichever process or tool made it. A reader fetches the stamp with the row it needs
 * anyway (a barcode joined to its project) and takes the cached project only when the stamps are
 * equal, so several server processes on one database never serve a configuration another one
 * has replaced, and no request parses the configuration's JSON again. A project read under
 * another stamp replaces the entry.
 */
export class ProjectCache {
  readonly #byId = new Map<string, { stamp: string; project: ProjectRow }>();

  /** The project as of `stamp`, if that is the version kept. */
  get(id: string, stamp: string): ProjectRow | undefined {
    const entry = this.#byId.get(id);
    return entry && entry.stamp === stamp ? entry.project : undefined;
  }

  /** Keeps a project read under `stamp` (replacing an older one). */
  set(project: ProjectRow, stamp: string): ProjectRow {
    // Shared by every request from now on: frozen, so a use that changed it would throw instead.
    this.#byId.set(project.id, { stamp, project: deepFreeze(project) });
    return project;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
