/**
 * The mutation score of each mutated file. Stryker's `thresholds.break` checks only the overall
 * score, in which a well-tested file can hide a weakly tested one; so each file must also reach
 * `minimum` on its own. Reads the incremental record Stryker has just written
 * (tests/mutation/incremental.json), prints one line per file, lowest first, and exits with 1 when
 * a file is below `minimum`. Run by `npm run test:mutation` after Stryker.
 *
 * Score as Stryker counts it: killed and timed-out mutants over all but the ignored ones (static
 * mutants under `ignoreStatic`, disable comments) and those that did not compile; a mutant no test
 * reaches counts against the file.
 */
import { readFileSync } from 'node:fs';

interface Mutant {
  status: string;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const RECORD = process.argv[2] ?? 'tests/mutation/incremental.json';
/** The score (per cent) each file of the renderer and of the server rules must reach on its own. */
const minimum = 85;
const report = JSON.parse(readFileSync(RECORD, 'utf8')) as Report;

const DETECTED = new Set(['Killed', 'Timeout']);
const NOT_COUNTED = new Set(['Ignored', 'CompileError', 'RuntimeError']);

const rows = Object.entries(report.files)
  .map(([file, { mutants }]) => {
    const counted = mutants.filter((m) => !NOT_COUNTED.has(m.status));
    const detected = counted.filter((m) => DETECTED.has(m.status)).length;
    const survived = counted.filter((m) => m.status === 'Survived').length;
    const unreached = counted.filter((m) => m.status === 'NoCoverage').length;
    return {
      file,
      counted: counted.length,
      detected,
      survived,
      unreached,
      score: counted.length === 0 ? null : (100 * detected) / counted.length,
    };
  })
  .sort((a, b) => (a.score ?? 101) - (b.score ?? 101) || a.file.localeCompare(b.file));

const all = rows.reduce((sum, r) => ({ counted: sum.counted + r.counted, detected: sum.detected + r.detected }), {
  counted: 0,
  detected: 0,
});
console.log(`mutation score per file (${RECORD}; minimum ${minimum} %):`);
for (const r of rows) {
  const score = r.score === null ? '   n/a' : `${r.score.toFixed(1).padStart(5)} %`;
  console.log(
    `  ${r.score !== null && r.score < minimum ? 'LOW ' : '    '}${score}  ${r.file.padEnd(40)} ${r.detected}/${r.counted} killed, ${r.survived} survived, ${r.unreached} not reached`,
  );
}
console.log(
  `  all files: ${((100 * all.detected) / all.counted).toFixed(1)} % (${all.detected}/${all.counted}) over ${rows.length} files`,
);
const low = rows.filter((r) => r.score !== null && r.score < minimum);
if (low.length > 0) {
  console.log(`${low.length} file(s) below ${minimum} %: ${low.map((r) => r.file).join(', ')}`);
  process.exitCode = 1;
}
