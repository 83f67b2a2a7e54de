import { ErrorCode } from '../../schemas/error-codes';
import { commonFailure, fieldFailure } from './api-failure';

/** The index a seal or a check may name: 1 up to the barcode's latest entry. */
export function assertIndexInHistory(index: number, lastIndex: number): void {
  if (index > lastIndex) throw fieldFailure('index', ErrorCode.valueOutOfRange);
}

/**
 * A change that takes back or corrects history entry `seq` (an undo, an edit of a step or of
 * the activation) is refused while that entry is sealed: the ledger vouches for it (ErrorCode.readOnly).
 */
export function assertEntryNotSealed(sealedSeq: number | null, seq: number): void {
  if (sealedSeq !== null && seq <= sealedSeq) throw commonFailure(ErrorCode.readOnly);
}
