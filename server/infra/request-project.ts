import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one API request knows about the project configuration it concerns, kept for the request's
 * whole run without passing it through every service:
 * - `sentRevision`: the Config-Revision a write was made with (absent on reads and without the
 *   header);
 * - `project`: the project version the request read last, whose revision in service the answer
 *   announces in its `project-revision` header.
 */
export interface RequestProject {
  sentRevision?: number | 'malformed';
  /** When the write was made, from its Made-At header when that reads as a time (the route checks the header itself). */
  madeAt?: Date;
  project?: { id: string; revision: number };
}

const storage = new AsyncLocalStorage<RequestProject>();

/** Runs `next` (the rest of the request) with a fresh record. */
export const withRequestProject = (sent: Pick<RequestProject, 'sentRevision' | 'madeAt'>, next: () => void): void =>
  storage.run({ ...sent }, next);

/** The current request's record, if the request runs under one. */
export const requestProject = (): RequestProject | undefined => storage.getStore();

/** Notes the project version a request concerns (the last one read wins). */
export function noteProject(project: { id: string; revision: number }): void {
  const store = storage.getStore();
  if (store) store.project = { id: project.id, revision: project.revision };
}
