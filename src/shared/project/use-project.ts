import { createContext, useContext } from 'react';
import useSWR, { mutate } from 'swr';
import type { Project } from '@schemas/api/project';
import { api } from '../api';
import { primeCache } from '../api/prime';
import { noteLoadedProject } from '../api/project-revision';
import { TOP_LEVEL_SCREENS } from '@schemas/boot-request';
import { parseProjectParam, type ProjectRef } from './project-route';

export const projectKey = (ref: ProjectRef) => ['project', ref.code, ref.version ?? 'latest'] as const;

/** Reloads every loaded project: its permissions depend on who is logged in. */
export const revalidateProjects = () => mutate((key) => Array.isArray(key) && key[0] === 'project');

type ProjectKey = ReturnType<typeof projectKey>;

const fetchProject = ([, code, version]: ProjectKey) =>
  api.get<Project>('/barcode/project', { code, version: version === 'latest' ? undefined : version });

/** The project an address names (its first segment), or null: `/`, `/admin`, `/playground`, not a project segment. */
export function projectRefOf(pathname: string): ProjectRef | null {
  const segment = pathname.split('/')[1] ?? '';
  return TOP_LEVEL_SCREENS.includes(segment) ? null : parseProjectParam(segment);
}

/** A project in the cache before the first render (main.tsx: a render fewer, the login form on a slow phone sooner). */
export const primeProject = (ref: ProjectRef) => primeCache(projectKey(ref), fetchProject);

/** Loads the project of the route (GET /barcode/project). */
export function useProject(ref: ProjectRef | null) {
  return useSWR(ref ? projectKey(ref) : null, fetchProject, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    // The server's drawn 404 page hands over no project (null): nothing loaded to note.
    onSuccess: (project: Project | null) => project && noteLoadedProject(project),
  });
}

/** The project of the current route, provided by the project layout. */
export const ProjectContext = createContext<Project | null>(null);

export function useCurrentProject(): Project {
  const project = useContext(ProjectContext);
  if (!project) throw new Error('useCurrentProject outside a loaded project route');
  return project;
}
