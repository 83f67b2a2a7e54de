import type { Queryable } from '../db/database';
import { entryHash, logHash, type LedgerEntry, type LogRecord } from '../infra/ledger-chain';

/** The stored instant in UTC with microseconds, the form the ledger hashes (rules/ledger.ts). */
const CREATED_AT = `to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ENTRY_COLUMNS = `h.barcode_id, h.seq, h.action, h.track_point_key, h.data, h.user_id, ${CREATED_AT} as created_at, h.entry_hash`;

interface EntryRow {
  barcode_id: string;
  seq: number;
  action: string;
  track_point_key: string | null;
  data: unknown;
  user_id: string | null;
  created_at: string;
  entry_hash: string | null;
}

const toEntry = (r: EntryRow): LedgerEntry & { storedHash: string | null } => ({
  barcodeId: r.barcode_id,
  seq: r.seq,
  action: r.action,
  trackPointKey: r.track_point_key,
  data: r.data ?? null,
  userId: r.user_id,
  createdAt: r.created_at,
  storedHash: r.entry_hash,
});

/**
 * Locks the barcodes' rows (in id order, so two writers never wait on each other crosswise) and
 * gives each of their history entries that has no hash yet its hash, in seq order, chained to the
 * entry before it. Called in the transaction that appended the entries: the row lock makes a
 * concurrent writer of the same barcode wait, so each entry is chained to the one really before
 * it. Entries from before the ledger (migration 010) are chained the same way, the first time.
 */
export async function chainPending(tx: Queryable, barcodeIds: readonly string[]): Promise<void> {
  if (barcodeIds.length === 0) return;
  const ids = [...new Set(barcodeIds)];
  await tx.query('select id from barcodes where id = any($1::text[]) order by id for update', [ids]);
  const { rows } = await tx.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from barcode_history h
      where h.barcode_id = any($1::text[])
        and (h.entry_hash is null or h.seq = (select max(p.seq) from barcode_history p where p.barcode_id = h.barcode_id and p.entry_hash is not null))
      order by h.barcode_id, h.seq`,
    [ids],
  );
  const updates: { barcodeId: string; seq: number; hash: string }[] = [];
  let previous: { barcodeId: string; hash: string | null } = { barcodeId: '', hash: null };
  for (const row of rows) {
    const before = previous.barcodeId === row.barcode_id ? previous.hash : null;
    const { storedHash, ...entry } = toEntry(row);
    const hash = storedHash ?? entryHash(entry, before);
    if (storedHash === null) updates.push({ barcodeId: row.barcode_id, seq: row.seq, hash });
    previous = { barcodeId: row.barcode_id, hash };
  }
  if (updates.length === 0) return;
  // A hash already stored is kept by the SET, not by a `entry_hash is null` filter: with every older
  // entry hashed, the planner takes that filter for one row and compares each entry with every row
  // listed, which grows with the square of a bulk step's size; joined on the key it reads each once.
  await tx.query(
    `update barcode_history h set entry_hash = coalesce(h.entry_hash, u.hash)
       from unnest($1::text[], $2::int[], $3::text[]) as u(barcode_id, seq, hash)
      where h.barcode_id = u.barcode_id and h.seq = u.seq`,
    [updates.map((u) => u.barcodeId), updates.map((u) => u.seq), updates.map((u) => u.hash)],
  );
}

/** The barcode's history entries 1..`upTo` in seq order, with their stored hashes. */
export async function ledgerEntries(
  db: Queryable,
  barcodeId: string,
  upTo: number,
): Promise<(LedgerEntry & { storedHash: string | null })[]> {
  const { rows } = await db.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from barcode_history h where h.barcode_id = $1 and h.seq <= $2 order by h.seq`,
    [barcodeId, upTo],
  );
  return rows.map(toEntry);
}

/** The barcode's ledger state: its project, its latest history index and how far it is sealed. */
export interface LedgerState {
  project_id: string;
  last_seq: number;
  sealed_seq: number | null;
}

/** The barcode's ledger state; `forUpdate` locks its row first (a seal). */
export async function ledgerState(
  db: Queryable,
  barcodeId: string,
  forUpdate = false,
): Promise<LedgerState | undefined> {
  if (forUpdate) await db.query('select id from barcodes where id = $1 for update', [barcodeId]);
  const { rows } = await db.query<LedgerState>(
    `select b.project_id, b.sealed_seq, coalesce((select max(seq) from barcode_history where barcode_id = b.id), 0) as last_seq
       from barcodes b where b.id = $1`,
    [barcodeId],
  );
  return rows[0];
}

/** The barcode's seal as its project's log holds it: the row that sealed it furthest. */
export async function latestSeal(
  db: Queryable,
  barcodeId: string,
): Promise<(LogRecord & { logHash: string }) | undefined> {
  const { rows } = await db.query<LogRow>(
    `select ${LOG_COLUMNS} from ledger_log where barcode_id = $1 order by seq desc, position desc limit 1`,
    [barcodeId],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

const LOG_COLUMNS = 'project_id, position, barcode_id, seq, entry_hash, previous_hash, log_hash, created_at';

interface LogRow {
  project_id: string;
  position: number;
  barcode_id: string;
  seq: number;
  entry_hash: string;
  previous_hash: string | null;
  log_hash: string;
  created_at: string;
}

const toRecord = (r: LogRow): LogRecord & { logHash: string } => ({
  projectId: r.project_id,
  position: r.position,
  barcodeId: r.barcode_id,
  seq: r.seq,
  entryHash: r.entry_hash,
  previousHash: r.previous_hash,
  createdAt: r.created_at,
  logHash: r.log_hash,
});

/**
 * Appends a seal to the project's log, chained to the project's latest row, and marks the barcode
 * sealed up to `seq`. A transaction-scoped advisory lock per project orders concurrent seals of
 * the project's barcodes, so positions and hashes form one chain.
 */
export async function appendSeal(
  tx: Queryable,
  projectId: string,
  barcodeId: string,
  seq: number,
  headHash: string,
): Promise<LogRecord & { logHash: string }> {
  await tx.query("select pg_advisory_xact_lock(hashtext('ledger:' || $1::text))", [projectId]);
  const last = (
    await tx.query<{ position: number; log_hash: string }>(
      'select position, log_hash from ledger_log where project_id = $1 order by position desc limit 1',
      [projectId],
    )
  ).rows[0];
  const record: LogRecord = {
    projectId,
    position: (last?.position ?? 0) + 1,
    barcodeId,
    seq,
    entryHash: headHash,
    previousHash: last?.log_hash ?? null,
    createdAt: new Date().toISOString(),
  };
  const hash = logHash(record);
  await tx.query(`insert into ledger_log (${LOG_COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    projectId,
    record.position,
    barcodeId,
    seq,
    headHash,
    record.previousHash,
    hash,
    record.createdAt,
  ]);
  await tx.query('update barcodes set sealed_seq = $2, is_sealed = true, revision = revision + 1 where id = $1', [
    barcodeId,
    seq,
  ]);
  return { ...record, logHash: hash };
}

/** The project's whole log in position order (the export a third party checks). */
export async function projectLog(db: Queryable, projectId: string): Promise<(LogRecord & { logHash: string })[]> {
  const { rows } = await db.query<LogRow>(
    `select ${LOG_COLUMNS} from ledger_log where project_id = $1 order by position`,
    [projectId],
  );
  return rows.map(toRecord);
}
