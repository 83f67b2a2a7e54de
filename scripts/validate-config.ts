/**
 * QA: `npm run validate -- <config.json> [--data <dir>] [--out <dir>] [--report junit=<file>] [--report json=<file>]`
 *
 * 1. checks the configuration against the format (every problem with its JSON pointer);
 * 2. compiles every form (activation per barcode type, each trackpoint form) and checks that
 *    ajv accepts each compiled schema;
 * 3. with --data, checks each sample form-data file against its form (a broken file is one
 *    failure, and the run goes on);
 * 4. with --out, writes each compiled schema and UI schema for review;
 * 5. with --report, writes the results as JUnit XML and/or JSON for a CI pipeline.
 * Exits 0 when every check passed, 1 when one failed, 2 when it could not run as asked.
 * docs/admins/qa-validator.md is the page for QA.
 */
import { answerBeforeChecks } from './validate/args';

const print = (line: string) => console.log(line);
const printError = (line: string) => console.error(line);
// Output piped into a reader that stops early (`| head`): the reader has what it wanted, no stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

try {
  const answer = answerBeforeChecks(process.argv.slice(2), print, printError);
  // The renderer and its ajv schemas load only for a run: help and usage mistakes answer at once.
  process.exitCode =
    typeof answer === 'number' ? answer : (await import('./validate/run')).runChecks(answer, print, printError);
} catch (error) {
  // Whatever went wrong outside the checks (a folder that cannot be read or written): one line, no stack.
  console.error(`validate: ${(error as Error).message}`);
  process.exitCode = 2;
}
