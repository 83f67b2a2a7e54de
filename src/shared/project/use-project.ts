import { createContext, useContext } from 'react';
import useSWR, { mutate } from 'swr';
import type { Project } from '@schemas/api/project';
import { api } from '../api';
import { noteLoadedProject } from '../api/project-revision';
import type { ProjectRef } from './project-route';

export const projectKey = (ref: ProjectRef) => ['project', ref.code, ref.version ?? 'latest'] as const;

/** Reloads every loaded project: its permissions depend on who is logged in. */
export const revalidateProjects = () => mutate((key) => Array.isArray(key) && key[0] === 'project');

/** Loads the project of the route (GET /barcode/project). */
export function useProject(ref: ProjectRef | null) {
  return useSWR(ref ? projectKey(ref) : null, ([, code, version]) =>
    api.get<Project>('/barcode/project', { code, version: version === 'latest' ? undefined : version }), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onSuccess: noteLoadedProject,
  });
}

/** The project of the current route, provided by the project layout. */
export const ProjectContext = createContext<Project | null>(null);

export function useCurrentProject(): Project {
  const project = useContext(ProjectContext);
  if (!project) throw new Error('useCurrentProject outside a loaded project route');
  return project;
}
