import type { RelationVerdict } from '@schemas/api/pairing';

/** A listed barcode the dry run accepted (code null). */
export const isAccepted = (verdict: RelationVerdict | undefined): boolean =>
  verdict !== undefined && verdict.code === null;

/** The listed ids as the dry run saw them: its answer holds only for exactly this list. */
export const listSignature = (ids: readonly string[]): string => ids.join('\n');
