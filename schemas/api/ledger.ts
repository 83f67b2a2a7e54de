import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { UUID_PATTERN_SOURCE } from '../validation';
import { BARCODE_ID_PATTERN } from './barcode';

const BarcodeId = Type.String({ pattern: BARCODE_ID_PATTERN });
const HistoryIndex = Type.Integer({
  minimum: 1,
  maximum: 1000000000,
  description: "A history index (the entry's seq, 1 for the first entry).",
});
const Hash = Type.String({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256, 64 lowercase hex digits.' });

/** GET /barcode/ledger/status: verifies the barcode's chain up to `index` (default: its latest entry). */
export const LedgerStatusQuery = Type.Object(
  { id: BarcodeId, index: Type.Optional(HistoryIndex) },
  { additionalProperties: false },
);
export type LedgerStatusQuery = Static<typeof LedgerStatusQuery>;

export const LedgerStatus = Type.Object({
  barcodeId: BarcodeId,
  /** Entries checked: 1..checked (the index asked, or the latest entry when it asked past it). */
  checked: Type.Integer(),
  /** The barcode's latest history index. */
  lastIndex: Type.Integer(),
  intact: Type.Boolean(),
  /** The first index that does not match its hash (missing, changed, or after a changed one); null when intact. */
  brokenIndex: Type.Union([Type.Integer(), Type.Null()]),
  /** Sealed in the project's log up to this index; null when never sealed. */
  sealedIndex: Type.Union([Type.Integer(), Type.Null()]),
});
export type LedgerStatus = Static<typeof LedgerStatus>;
export const LedgerStatusResponse = envelope(LedgerStatus);

/** POST /barcode/ledger/reconcile: seals the barcode's chain up to `index` (staff of the project's enterprise). */
export const ReconcileBody = Type.Object(
  { barcodeId: BarcodeId, index: HistoryIndex },
  { additionalProperties: false },
);
export type ReconcileBody = Static<typeof ReconcileBody>;

/** One row of a project's append-only ledger log. */
export const LogEntry = Type.Object({
  projectId: Type.String(),
  position: Type.Integer(),
  barcodeId: BarcodeId,
  seq: Type.Integer(),
  entryHash: Hash,
  previousHash: Type.Union([Hash, Type.Null()]),
  createdAt: Type.String(),
  logHash: Hash,
});
export type LogEntry = Static<typeof LogEntry>;

/** The seal that covers the index asked (a repeat answers the same seal). */
export const ReconcileResponse = envelope(
  Type.Object({ barcodeId: BarcodeId, sealedIndex: Type.Integer(), seal: LogEntry }),
);
export type ReconcileAnswer = Static<typeof ReconcileResponse>['data'];

/** GET /barcode/ledger/log: a project's log, for a third party to check (`npm run ledger:verify`). */
export const LedgerLogQuery = Type.Object(
  { projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }) },
  { additionalProperties: false },
);
export type LedgerLogQuery = Static<typeof LedgerLogQuery>;
export const LedgerLog = Type.Object({ projectId: Type.String(), entries: Type.Array(LogEntry) });
export const LedgerLogResponse = envelope(LedgerLog);
