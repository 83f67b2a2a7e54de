/**
 * `npm run project -- publish <file.json> [--project <code>@<version>] [--in-place | --new-version] [--note <text>] [--keep-old-values <change id>]...`
 *
 * Publishes a configuration file through the admin area's publish path
 * (services/config-publish.ts), so configurations can live in a repository and be published by CI:
 * the QA check of `npm run validate`, the compatibility report against the version in service, then
 * a new revision in place (the default) or `code@N+1`. The project version is `--project`, else the
 * file's name (`demo@1.json`). Prints the changes in words; exits 1 when the publish is refused
 * (the problems or the report say why), 2 on a usage mistake. A file that means what is in service
 * already is "nothing to publish" and exits 0, so CI may publish on every commit. Recorded as done
 * by the command line, in the revision history and the audit log.
 *
 * `npm run project -- export <code>@<version> [--out <file>]` writes the revision in service to a
 * file (`<code>@<version>.json` in the current folder unless `--out` names one), for teams that keep
 * configurations in git.
 *
 * Both work on the database the environment names (DATA_DIR or DATABASE_URL); on PGlite the server
 * must not be running. `--help` needs no database.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { findProjectByCode } from '../repositories/projects';
import { ErrorCode } from '../../schemas/error-codes';
import { ApiFailure } from '../rules/api-failure';
import { publishConfig, type ReportView } from '../services/config-publish';
import type { ConfigProblem } from '../../renderer/config-check';

export const USAGE = [
  'usage: npm run project -- publish <file.json> [--project <code>@<version>] [--in-place | --new-version] [--note <text>] [--keep-old-values <change id>]...',
  '       npm run project -- export <code>@<version> [--out <file>]',
  '       npm run project -- --help',
].join('\n');

export const HELP = `${USAGE}

publish   publishes a configuration file through the admin area's checks (QA check, compatibility report):
          in place as the next revision (the default), or as <code>@<highest + 1> with --new-version.
          The project version is --project, else the file's name (demo@1.json). A file that means what
          is in service already is "nothing to publish" (exit 0). --keep-old-values <change id> allows a
          refused type change as a new version, keeping stored values as they were.
export    writes the configuration in service of <code>@<version> to --out (default: <code>@<version>.json
          in the current folder), to keep it in git or to put it in the projects folder.

Exit codes: 0 done, 1 refused, 2 a usage mistake. The command works on the database of the environment
(DATA_DIR or DATABASE_URL); with the embedded database (DATA_DIR) the server must be stopped first.
More: docs/admins/publishing.md`;

/** Does the command line ask for help (which needs no database, so it works while the server runs)? */
export const wantsHelp = (argv: readonly string[]): boolean =>
  argv.some((arg) => arg === '--help' || arg === '-h') || argv[0] === 'help';

const PROJECT_VERSION = /^([A-Za-z0-9_-]{1,32})@([1-9][0-9]{0,5})(?:\.json)?$/;

/** Runs the command on `db`; resolves to the exit code. */
export async function runProjectCli(db: Database, argv: string[], print: (line: string) => void): Promise<number> {
  if (wantsHelp(argv)) {
    print(HELP);
    return 0;
  }
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        'in-place': { type: 'boolean' },
        'new-version': { type: 'boolean' },
        note: { type: 'string' },
        'keep-old-values': { type: 'string', multiple: true },
        out: { type: 'string' },
      },
    });
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (command === 'export') return exportCommand(db, parsed, print);
  if (command !== 'publish' || parsed.values.out !== undefined) {
    print(USAGE);
    return 2;
  }
  return publishCommand(db, parsed, print);
}

interface Parsed {
  values: {
    project?: string;
    'in-place'?: boolean;
    'new-version'?: boolean;
    note?: string;
    'keep-old-values'?: string[];
    out?: string;
  };
  positionals: string[];
}

/** `export <code>@<version> [--out <file>]`: the configuration in service, as the projects folder's files are written. */
async function exportCommand(db: Database, { values, positionals }: Parsed, print: (line: string) => void) {
  const target = PROJECT_VERSION.exec(positionals[0] ?? '');
  const { out, ...publishOnly } = values;
  if (!target?.[1] || !target[2] || positionals.length > 1 || Object.keys(publishOnly).length > 0) {
    print(USAGE);
    return 2;
  }
  const project = await findProjectByCode(db, target[1], Number(target[2]));
  if (!project) {
    print(`no project ${target[1]}@${target[2]}`);
    return 1;
  }
  const file = resolve(out ?? `${project.code}@${project.version}.json`);
  writeFileSync(file, `${JSON.stringify(project.config, null, 2)}\n`);
  print(`exported ${project.code}@${project.version} revision ${project.revision} to ${file}`);
  return 0;
}

async function publishCommand(db: Database, { values, positionals }: Parsed, print: (line: string) => void) {
  const file = positionals[0];
  const target = PROJECT_VERSION.exec(values.project ?? basename(file ?? ''));
  if (!file || positionals.length > 1 || (values['in-place'] && values['new-version']) || !target?.[1] || !target[2]) {
    print(USAGE);
    return 2;
  }
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    print(`${file}: not a JSON file: ${(error as Error).message}`);
    return 1;
  }
  const project = await findProjectByCode(db, target[1], Number(target[2]));
  if (!project) {
    print(`no project ${target[1]}@${target[2]}`);
    return 1;
  }
  const migrations = Object.fromEntries((values['keep-old-values'] ?? []).map((id) => [id, 'keepOldValues' as const]));
  try {
    const published = await publishConfig(
      { db },
      { commandLine: true, enterpriseId: project.enterprise_id },
      project,
      config,
      {
        mode: values['new-version'] ? 'newVersion' : 'inPlace',
        note: values.note ?? `npm run project -- publish ${basename(file)}`,
        migrations,
        language: 'en',
      },
    );
    print(`published ${published.code}@${published.version} revision ${published.revision}`);
    for (const change of published.report.changes) print(`  ${change.text}`);
    if (published.report.changes.length === 0) print('  (no change)');
    return 0;
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    if (error.errors.$common?.includes(ErrorCode.nothingToPublish)) {
      print(
        `nothing to publish: ${project.code}@${project.version} revision ${project.revision} in service means the same`,
      );
      return 0;
    }
    const problems = error.extra.problems as ConfigProblem[] | undefined;
    const report = error.extra.report as ReportView | undefined;
    if (problems) for (const p of problems) print(`FAIL ${p.pointer}: ${p.message}`);
    if (report) {
      print(`refused: ${report.verdictText}`);
      for (const change of report.changes) print(`  [${change.impact}] ${change.text} (change id: ${change.id})`);
    }
    if (!problems && !report) print(`refused: ${JSON.stringify(error.errors)}`);
    return 1;
  }
}
