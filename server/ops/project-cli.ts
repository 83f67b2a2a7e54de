/**
 * `npm run project -- publish <file.json> [--project <code>@<version>] [--in-place | --new-version] [--note <text>] [--keep-old-values <change id>]...`
 *
 * Publishes a configuration file through the admin area's publish path
 * (services/config-publish.ts), so configurations can live in a repository and be published by CI:
 * the QA check of `npm run validate`, the compatibility report against the version in service, then
 * a new revision in place (the default) or `code@N+1`. The project version is `--project`, else the
 * file's name (`demo@1.json`). Prints the changes in words; exits 1 when the publish is refused
 * (the problems or the report say why), 2 on a usage mistake. Recorded as done by the command line,
 * in the revision history and the audit log. Works on the database the environment names (DATA_DIR
 * or DATABASE_URL); on PGlite the server must not be running.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { findProjectByCode } from '../repositories/projects';
import { ApiFailure } from '../rules/api-failure';
import { publishConfig, type ReportView } from '../services/config-publish';
import type { ConfigProblem } from '../../renderer/config-check';

export const USAGE =
  'usage: npm run project -- publish <file.json> [--project <code>@<version>] [--in-place | --new-version] [--note <text>] [--keep-old-values <change id>]...';
const PROJECT_VERSION = /^([A-Za-z0-9_-]{1,32})@([1-9][0-9]{0,5})(?:\.json)?$/;

/** Runs the command on `db`; resolves to the exit code. */
export async function runProjectCli(db: Database, argv: string[], print: (line: string) => void): Promise<number> {
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
      },
    });
  } catch (error) {
    print(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const file = positionals[0];
  const target = PROJECT_VERSION.exec(values.project ?? basename(file ?? ''));
  if (
    command !== 'publish' ||
    !file ||
    positionals.length > 1 ||
    (values['in-place'] && values['new-version']) ||
    !target?.[1] ||
    !target[2]
  ) {
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
