import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';

/** Generating is allowed with generateBarcodePermission.canEdit, and always for client users. */
export const mayGenerateBarcodes = (project: Project, profile: Profile | null | undefined): boolean =>
  project.projectPermission.generateBarcodePermission.canEdit || profile?.user.userType === 'client';
