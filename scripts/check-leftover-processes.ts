/**
 * Fails when a test run left a process running (docs/engineers/process-hygiene.md).
 *
 *   node --import tsx scripts/check-leftover-processes.ts -- npm run test:steps
 *     `npm test`: runs the command as a test run of its own (SB_TEST_RUN=<a new id> in its
 *     environment, which every process it starts inherits), in a process group of its own, passes
 *     Ctrl-C / SIGTERM / SIGHUP on to the whole group, and once it has ended - passed, failed or
 *     interrupted - checks that no process of the run is left. Exits with the command's status, or
 *     1 when it passed but left processes.
 *   npm run check:processes [-- --end]
 *     On its own: names the processes earlier runs of this checkout left (`--end` also ends them).
 *
 * What counts: a process whose environment holds SB_TEST_RUN (scripts/process-group.ts,
 * scripts/with-postgres.sh and playwright.config.ts set it) - of this run, or on its own, of any
 * run of this checkout (SB_TEST_CHECKOUT, or a working folder inside it); and, started before the
 * markers existed, one working inside this checkout whose command line or environment names a
 * temporary folder of the tests (`sb-` in the OS temp folder). Never this process or its
 * ancestors, nor zombies (already ended). A developer's `npm start` or `npm run dev`, and another
 * checkout's runs, carry no marker of this checkout and are left alone.
 *
 * A process just asked to stop may take a moment: what is found is looked at again for up to
 * --grace-ms (10 s) before the check fails. A run's own leftovers are then ended (SIGTERM,
 * SIGKILL after 5 s) so that they do not pile up from run to run.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHECKOUT,
  CHECKOUT_MARKER,
  RUN_MARKER,
  endGroup,
  newRunId,
  processTable,
  type ProcessEntry,
} from './process-group';

interface Leftover {
  pid: number;
  ppid: number;
  /** Start time in clock ticks after boot: with the pid, it tells the same process from a later one. */
  started: number;
  command: string;
  cwd: string;
  /** Why it counts: which run left it. */
  why: string;
  /** Left by the run being checked (fails it), not by an earlier one. */
  thisRun: boolean;
}

const TICKS_PER_SECOND = 100;
const TEMP_FOLDERS = join(tmpdir(), 'sb-');

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** The process's environment; empty where it cannot be read (another user's, or it ended). */
function environmentOf(pid: number): Map<string, string> {
  const variables = new Map<string, string>();
  for (const entry of read(`/proc/${pid}/environ`).split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) variables.set(entry.slice(0, at), entry.slice(at + 1));
  }
  return variables;
}

const startOf = (pid: number) => {
  const stat = read(`/proc/${pid}/stat`);
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? 0);
};

/** Seconds since the machine started. */
const uptime = () => Number(read('/proc/uptime').split(' ')[0]);

/**
 * Whether the run is still going: the process that made its id (`<pid>-<ms since 1970>`,
 * newRunId) is still there, and is that process (it started before the id was made; a later
 * process given the same pid did not). Its processes are then no leftovers yet (another run in
 * this checkout, going on beside this one), wherever they are (PostgreSQL is nobody's child).
 */
function runGoing(run: string): boolean {
  const [, pid, madeAt] = /^(\d+)-(\d+)$/.exec(run) ?? [];
  if (!pid || !madeAt) return false;
  const stat = read(`/proc/${pid}/stat`);
  if (!stat || stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') return false;
  const startedAt = Date.now() - (uptime() - startOf(Number(pid)) / TICKS_PER_SECOND) * 1000;
  return startedAt <= Number(madeAt) + 1000;
}

const inside = (folder: string, root: string) => folder === root || folder.startsWith(`${root}/`);

/** This process and its ancestors: never leftovers (npm and the shell running this check carry a run's marker too). */
function selfAndAncestors(table: readonly ProcessEntry[]): Set<number> {
  const parents = new Map(table.map((entry) => [entry.pid, entry.ppid]));
  const chain = new Set<number>();
  for (let pid: number | undefined = process.pid; pid && !chain.has(pid); pid = parents.get(pid)) chain.add(pid);
  return chain;
}

/** The processes a test run left: of run `runId` (then they fail it), and of earlier runs of this checkout. */
function findLeftovers(runId: string | undefined): Leftover[] {
  const table = processTable();
  if (!table) return [];
  const skipped = selfAndAncestors(table);
  const found: Leftover[] = [];
  for (const entry of table) {
    if (entry.state === 'Z' || skipped.has(entry.pid)) continue;
    const environment = environmentOf(entry.pid);
    const command = read(`/proc/${entry.pid}/cmdline`).split('\0').join(' ').trim();
    if (!command) continue; // a kernel thread
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${entry.pid}/cwd`);
    } catch {
      cwd = '?';
    }
    const run = environment.get(RUN_MARKER);
    let why: string | undefined;
    if (run !== undefined && run === runId) why = `this run (${RUN_MARKER}=${run})`;
    else if (
      run !== undefined &&
      (environment.get(CHECKOUT_MARKER) === CHECKOUT || inside(cwd, CHECKOUT)) &&
      !runGoing(run)
    )
      why = `an earlier run of this checkout (${RUN_MARKER}=${run}, which has ended)`;
    else if (
      run === undefined &&
      inside(cwd, CHECKOUT) &&
      (command.includes(TEMP_FOLDERS) || [...environment.values()].some((value) => value.startsWith(TEMP_FOLDERS)))
    )
      why = 'a run of this checkout from before the run markers (it names a temporary folder of the tests)';
    if (why)
      found.push({
        pid: entry.pid,
        ppid: entry.ppid,
        started: startOf(entry.pid),
        command,
        cwd,
        why,
        thisRun: runId !== undefined && run === runId,
      });
  }
  return found;
}

const stillThere = (leftover: Leftover) => {
  const stat = read(`/proc/${leftover.pid}/stat`);
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z' && startOf(leftover.pid) === leftover.started;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Running for how long, from the process's start and the machine's uptime. */
function age(leftover: Leftover): string {
  const seconds = uptime() - leftover.started / TICKS_PER_SECOND;
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} days`;
}

const described = (leftover: Leftover) =>
  `  pid ${leftover.pid} (parent ${leftover.ppid}, running ${age(leftover)}) in ${leftover.cwd}\n` +
  `    ${leftover.command.length > 300 ? `${leftover.command.slice(0, 300)}...` : leftover.command}\n` +
  `    left by ${leftover.why}`;

/** SIGTERM to each, SIGKILL to those still there after 5 s. */
async function end(leftovers: readonly Leftover[]): Promise<void> {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    for (const leftover of leftovers.filter(stillThere)) {
      try {
        process.kill(leftover.pid, signal);
      } catch {
        // ended meanwhile
      }
    }
    for (let waited = 0; waited < 5000 && leftovers.some(stillThere); waited += 100) await sleep(100);
  }
}

/**
 * Looks for leftovers, gives them `graceMs` to go, names those still there. Resolves true when
 * nothing that fails the check is left. Ends what it names when `endThem` is set.
 */
async function checkLeftovers(runId: string | undefined, graceMs: number, endThem: boolean): Promise<boolean> {
  if (!processTable()) {
    console.log('check-leftover-processes: no /proc to read on this system: nothing checked');
    return true;
  }
  const failing = (leftover: Leftover) => runId === undefined || leftover.thisRun;
  let found = findLeftovers(runId);
  for (let waited = 0; waited < graceMs && found.some(failing); waited += 250) {
    await sleep(250);
    found = found.filter(stillThere);
  }
  found = found.filter(stillThere);
  const fails = found.filter(failing);
  const notes = found.filter((leftover) => !failing(leftover));
  if (notes.length > 0)
    console.warn(
      `check-leftover-processes: ${notes.length} process(es) left by earlier test runs of this checkout (not this run's; \`npm run check:processes -- --end\` ends them):\n${notes.map(described).join('\n')}`,
    );
  if (fails.length === 0) {
    console.log(
      `check-leftover-processes: no process left${runId === undefined ? ' by test runs of this checkout' : ' by this run'}`,
    );
    return true;
  }
  console.error(
    runId === undefined
      ? `check-leftover-processes: FAILED: ${fails.length} process(es) left running by test runs of this checkout:\n${fails.map(described).join('\n')}`
      : `check-leftover-processes: FAILED: ${fails.length} process(es) of this run still running ${graceMs / 1000} s after it ended:\n${fails.map(described).join('\n')}`,
  );
  if (endThem) {
    await end(fails);
    const survivors = fails.filter(stillThere);
    console.error(
      survivors.length === 0
        ? 'check-leftover-processes: ended them (SIGTERM, then SIGKILL)'
        : `check-leftover-processes: could not end ${survivors.map((leftover) => leftover.pid).join(', ')}`,
    );
  }
  return false;
}

/**
 * Runs the command as a test run of its own, in a process group of its own; a signal this process
 * gets goes to the whole group (as Ctrl-C in a terminal would), so that every step hears it even
 * when only this process was signalled (`kill`, a CI runner, npm passing it on). Then checks.
 */
async function runAndCheck(command: string, args: string[], graceMs: number): Promise<number> {
  const runId = newRunId();
  const child = spawn(command, args, {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, [RUN_MARKER]: runId, [CHECKOUT_MARKER]: CHECKOUT },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let interrupted: NodeJS.Signals | undefined;
  let lastForward = 0;
  const forward = (signal: NodeJS.Signals) => {
    interrupted ??= signal;
    // Ctrl-C reaches this process twice (from the terminal, and from npm passing it on): one is passed on.
    if (Date.now() - lastForward < 1000) return;
    lastForward = Date.now();
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group has ended
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  const { code, signal } = await exited;
  // The steps' own processes (workers, a build's helpers) go with their leader; what still lingers is ended.
  await endGroup(child.pid!, { graceMs: 30_000 }).catch((error: Error) => console.error(error.message));
  const clean = await checkLeftovers(runId, graceMs, true);
  const status = code ?? 128 + (signal ? signalNumber(signal) : 1);
  if (interrupted && status === 0) return 128 + signalNumber(interrupted);
  return status !== 0 ? status : clean ? 0 : 1;
}

const signalNumber = (signal: NodeJS.Signals) =>
  ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 })[signal as string] ?? 1;

const argv = process.argv.slice(2);
const separator = argv.indexOf('--');
const command = separator === -1 ? [] : argv.slice(separator + 1);
let graceMs = 10_000;
let endThem = false;
for (let i = 0; i < (separator === -1 ? argv.length : separator); i += 1) {
  if (argv[i] === '--end') endThem = true;
  else if (argv[i] === '--grace-ms' && Number.isFinite(Number(argv[i + 1]))) graceMs = Number(argv[(i += 1)]);
  else {
    console.error('usage: check-leftover-processes.ts [--grace-ms N] [--end] [-- command args...]');
    process.exit(2);
  }
}
if (command.length > 0) process.exitCode = await runAndCheck(command[0]!, command.slice(1), graceMs);
else process.exitCode = (await checkLeftovers(process.env[RUN_MARKER], graceMs, endThem)) ? 0 : 1;
