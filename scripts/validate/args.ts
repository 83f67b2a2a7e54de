import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** The usage `--help` prints: what to type, each option, an example and the exit codes. */
export const USAGE = [
  'usage: npm run validate -- <config.json> [--data <dir>] [--out <dir>] [--report junit=<file>] [--report json=<file>]',
  '',
  'Checks a project configuration, compiles every form and checks each sample file of --data against its form.',
  '',
  '  --data <dir>            check each *.json sample of this folder (in name order)',
  '  --out <dir>             write each compiled form as <dir>/<barcode type>/<form>.schema.json and .ui.json',
  '  --report junit=<file>   write the results as JUnit XML, for a CI pipeline',
  '  --report json=<file>    write the results as JSON (both reports may be asked for)',
  '  -h, --help              print this help',
  '',
  'example:',
  '  npm run validate -- server/projects/demo@1.json --data docs/admins/qa-examples --report junit=reports/qa.xml',
  '',
  'exit codes: 0 every check passed, 1 a check failed, 2 the command could not run as asked',
  '(no file named, an unknown option, a file or folder that does not exist, a report that cannot be written).',
];

export type ReportKind = 'junit' | 'json';

export interface ValidateOptions {
  config: string;
  data?: string;
  out?: string;
  reports: { kind: ReportKind; file: string }[];
}

/** What the command line asks for: the help, a run, or why it cannot be understood (one line). */
type CommandLine =
  | { kind: 'help' }
  | { kind: 'no-arguments' }
  | { kind: 'error'; message: string }
  | { kind: 'run'; options: ValidateOptions };

/** node:util's own message names the option but goes on about positionals: one short line instead. */
function parseError(error: unknown): string {
  const { code, message } = error as { code?: string; message: string };
  const option = /'([^']+)'/.exec(message)?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${option}' (npm run validate -- --help lists the options)`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `option '${option.split(' ')[0]}' needs a value (npm run validate -- --help)`;
    default:
      return message.split('\n')[0]!;
  }
}

function reportOf(value: string): { kind: ReportKind; file: string } | string {
  const [kind, ...rest] = value.split('=');
  const file = rest.join('=');
  if ((kind === 'junit' || kind === 'json') && file !== '') return { kind, file };
  return `--report takes junit=<file> or json=<file>, not '${value}'`;
}

function parseCommandLine(argv: string[]): CommandLine {
  if (argv.length === 0) return { kind: 'no-arguments' };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        data: { type: 'string' },
        out: { type: 'string' },
        report: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { kind: 'error', message: parseError(error) };
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (positionals.length === 0) return { kind: 'error', message: 'name the configuration file to check' };
  if (positionals.length > 1)
    return { kind: 'error', message: `one configuration file at a time, not ${positionals.length}` };
  const reports: ValidateOptions['reports'] = [];
  for (const value of values.report ?? []) {
    const report = reportOf(value);
    if (typeof report === 'string') return { kind: 'error', message: report };
    if (reports.some((r) => r.kind === report.kind))
      return { kind: 'error', message: `--report ${report.kind}=<file> is given twice` };
    reports.push(report);
  }
  return { kind: 'run', options: { config: positionals[0]!, data: values.data, out: values.out, reports } };
}

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Why the files and folders named cannot be used (one line), or null when they can. */
function pathProblem(options: ValidateOptions): string | null {
  if (!existsSync(options.config)) return `no such file: ${options.config}`;
  if (isFolder(options.config)) return `${options.config} is a folder: name the configuration file`;
  if (options.data !== undefined) {
    if (!existsSync(options.data)) return `no such folder: ${options.data} (--data)`;
    if (!isFolder(options.data)) return `${options.data} is a file: --data names the folder of samples`;
  }
  if (options.out !== undefined && existsSync(options.out) && !isFolder(options.out))
    return `${options.out} is a file: --out names a folder`;
  return null;
}

/**
 * Everything that needs no configuration check: the help, usage mistakes and missing files, each
 * answered with its exit code; otherwise the options of a run. Kept apart from the checks so that
 * these answers come without loading the renderer.
 */
export function answerBeforeChecks(
  argv: string[],
  print: (line: string) => void,
  printError: (line: string) => void,
): number | ValidateOptions {
  const command = parseCommandLine(argv);
  switch (command.kind) {
    case 'help':
      USAGE.forEach((line) => print(line));
      return 0;
    case 'no-arguments':
      USAGE.forEach((line) => printError(line));
      return 2;
    case 'error':
      printError(`validate: ${command.message}`);
      return 2;
    case 'run': {
      const problem = pathProblem(command.options);
      if (!problem) return command.options;
      printError(`validate: ${problem}`);
      return 2;
    }
  }
}
