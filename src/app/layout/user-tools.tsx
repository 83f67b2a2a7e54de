import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import { mayGenerateBarcodes } from '@/shared/project/permissions';
import { KeyboardWedgeListener } from '@/features/scanning/components/keyboard-wedge-listener';
import { CaptureHosts } from '../dialogs/capture-hosts';

export { OutboxBanner } from './outbox-banner';

/**
 * What only logged-in users need on every screen: the keyboard-wedge scanner listener, the
 * capture dialogs fields open (scanner, photo, OCR). One lazy chunk, loaded after login, so the
 * visitor's first screen stays small.
 */
export default function UserTools({ project, profile }: { project: Project; profile: Profile }) {
  return (
    <>
      <KeyboardWedgeListener project={project} mayGenerate={mayGenerateBarcodes(project, profile)} />
      <CaptureHosts />
    </>
  );
}
