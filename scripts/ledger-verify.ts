/**
 * `npm run ledger:verify -- log.json`: checks a project's ledger log as exported by
 * GET /api/barcode/ledger/log (the `{ data }` answer or the bare `{ projectId, entries }`), the
 * way a third party would: every row's SHA-256 over its RFC 8785 canonical JSON recomputed,
 * positions 1, 2, 3..., each row naming its predecessor's hash. Prints the result and exits 0
 * when the log holds, 1 at the first position that does not, 2 on a file it cannot read.
 */
import { readFileSync } from 'node:fs';
import { firstBrokenLogPosition, type ExportedLog } from '../server/infra/ledger-chain';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run ledger:verify -- <exported-log.json>');
  process.exit(2);
}

let log: ExportedLog;
try {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { data?: ExportedLog } & Partial<ExportedLog>;
  log = (parsed.data ?? parsed) as ExportedLog;
  if (typeof log.projectId !== 'string' || !Array.isArray(log.entries))
    throw new Error('not a ledger log: expected { projectId, entries }');
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(2);
}

const broken = firstBrokenLogPosition(log);
if (broken === null) {
  const head = log.entries.at(-1);
  console.log(`intact: ${log.entries.length} seals of project ${log.projectId}${head ? `, head ${head.logHash}` : ''}`);
} else {
  console.log(`broken at position ${broken} of ${log.entries.length} (project ${log.projectId})`);
  process.exit(1);
}
