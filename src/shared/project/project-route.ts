import { PROJECT_SEGMENT } from '@schemas/boot-request';

/** The `{project}` route segment: project code, '@', version. */
export interface ProjectRef {
  code: string;
  version?: number;
}

/**
 * Parses `code@version` (projectSegment in paths.ts writes it). The project is loaded by the
 * part before '@'; a segment without '@' means the latest version. Returns null for anything
 * that cannot be a project (the router then shows the 404 page without asking the server).
 */
export function parseProjectParam(segment: string | undefined): ProjectRef | null {
  if (!segment) return null;
  const match = PROJECT_SEGMENT.exec(segment);
  if (!match?.[1]) return null;
  return match[2] ? { code: match[1], version: Number(match[2]) } : { code: match[1] };
}
