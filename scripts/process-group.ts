/**
 * Processes that tests, benchmarks and tools start, and end again (docs/engineers/process-hygiene.md).
 * Each runs in a process group of its own (`detached`), and is ended as a group: SIGTERM to every
 * process of it, SIGKILL to what is left after a grace period, then a wait until none is left. So
 * ending one ends whatever it started in turn: strace's traced server, a cluster's workers, the
 * command under `npm` or `sh -c`, none of which a signal to the one process would reach.
 *
 * Every process started here carries SB_TEST_RUN (the run's id, inherited from `npm test`, else one
 * made here) and SB_TEST_CHECKOUT (this checkout), by which scripts/check-leftover-processes.ts
 * tells what a run left behind from everything else on the machine.
 *
 * While a group runs, the process that started it ends it too when it is interrupted (SIGINT,
 * SIGTERM, SIGHUP), when its parent goes (a vitest or Playwright worker whose runner exited), and,
 * as a last resort, when it exits with the group still there. Only SIGKILL of the starting process
 * escapes all of these: the end-of-run check names what that leaves. The data folders made with
 * temporaryFolder go on an interrupt or exit too.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's folder, without a trailing slash. */
export const CHECKOUT = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
/** The environment variable naming the test run a process belongs to. */
export const RUN_MARKER = 'SB_TEST_RUN';
/** The environment variable naming the checkout whose run started a process. */
export const CHECKOUT_MARKER = 'SB_TEST_CHECKOUT';
/** How long a group may take to end after SIGTERM before it gets SIGKILL. */
export const GRACE_MS = 10_000;

/**
 * A new run's id: the id of the process that starts it and the time (ms since 1970), by which the
 * leftover check tells a run still going (that process is still there) from one that has ended.
 */
export const newRunId = () => `${process.pid}-${Date.now()}`;

/** `npm test`'s run, or this process's own when it was started some other way (`npx vitest run`, a bench). */
const runId = process.env[RUN_MARKER] || newRunId();

/** The environment variables that mark a process as started by this run of this checkout. */
export const runMarkers = (): Record<string, string> => ({ [RUN_MARKER]: runId, [CHECKOUT_MARKER]: CHECKOUT });

/** A process as /proc/<pid>/stat describes it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** R, S, D, Z (a zombie: ended, not yet collected by its parent)... */
  state: string;
}

/** The processes of the machine from /proc (Linux); null where there is no /proc to read. */
export function processTable(): ProcessEntry[] | null {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  const table: ProcessEntry[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name, in parentheses, may itself hold spaces and parentheses: the fields follow its last ')'.
      const [state = '', ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.push({ pid: Number(name), ppid: Number(ppid), pgid: Number(pgid), state });
    } catch {
      // ended meanwhile
    }
  }
  return table;
}

/** Whether a process of the group is still running (zombies, already ended, do not count). */
export function groupAlive(pgid: number): boolean {
  const table = processTable();
  if (table) return table.some((entry) => entry.pgid === pgid && entry.state !== 'Z');
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Sends the signal to every process of the group; false when there is none left to send it to. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true once no process of the group is left, or false when some still are after `ms`. */
export async function groupEnded(pgid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (groupAlive(pgid)) {
    if (Date.now() >= until) return false;
    await sleep(50);
  }
  return true;
}

/** Ends the group: `signal` to all of it, SIGKILL to what is left after `graceMs`; resolves once none is left. */
export async function endGroup(
  pgid: number,
  { signal = 'SIGTERM', graceMs = GRACE_MS }: { signal?: NodeJS.Signals; graceMs?: number } = {},
): Promise<void> {
  if (!signalGroup(pgid, signal) || (await groupEnded(pgid, graceMs))) return;
  signalGroup(pgid, 'SIGKILL');
  if (!(await groupEnded(pgid, GRACE_MS))) throw new Error(`process group ${pgid} is still running after SIGKILL`);
}

/**
 * endGroup for several groups at once, without the event loop (for an exit handler): SIGTERM to
 * all, SIGKILL to what is left after `graceMs`, waiting by blocking (Atomics.wait) between looks.
 */
export function endGroupsNow(pgids: readonly number[], graceMs = GRACE_MS): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  let left = [...pgids];
  for (const [signal, ms] of [
    ['SIGTERM', graceMs],
    ['SIGKILL', GRACE_MS],
  ] as const) {
    left = left.filter((pgid) => signalGroup(pgid, signal));
    for (const until = Date.now() + ms; left.length > 0 && Date.now() < until; Atomics.wait(pause, 0, 0, 50))
      left = left.filter(groupAlive);
  }
}

/** A process started in a group of its own. */
export interface GroupProcess {
  child: ChildProcess;
  /** The process's id, which is also its group's. */
  pid: number;
  /** Resolves with the process's exit code once it has exited (null: a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far, in order (when they are pipes). */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** Ends its group (endGroup) and resolves with its exit code once no process of the group is left. */
  stop(options?: { signal?: NodeJS.Signals; graceMs?: number }): Promise<number | null>;
}

export interface GroupOptions extends Omit<SpawnOptions, 'detached'> {
  /** Without the run markers: a developer's own server (`npm run dev`), which the leftover check must not name. */
  unmarked?: boolean;
}

/** The groups started here and not ended yet, by group id. */
const running = new Map<number, GroupProcess>();
/** Set once this process is being interrupted or has lost its parent: nothing new is started then. */
let closing = false;

/**
 * Starts `command` in a process group of its own, marked as part of this run. Stop it with
 * `stop()` (or `stopGroups()` in an afterAll) and await that before the test ends.
 */
export function startGroup(command: string, args: readonly string[], options: GroupOptions = {}): GroupProcess {
  if (closing) throw new Error(`not starting ${command}: this process is being stopped`);
  const { unmarked = false, env = process.env, ...spawnOptions } = options;
  const child = spawn(command, args, {
    ...spawnOptions,
    env: unmarked ? env : { ...env, ...runMarkers() },
    detached: true,
  });
  const pid = child.pid;
  if (pid === undefined) {
    child.once('error', () => undefined);
    throw new Error(`could not start ${command}`);
  }
  const chunks: { from: 'stdout' | 'stderr'; text: string }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push({ from: 'stdout', text: chunk.toString('utf8') }));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push({ from: 'stderr', text: chunk.toString('utf8') }));
  const text = (from?: 'stdout' | 'stderr') =>
    chunks
      .filter((chunk) => from === undefined || chunk.from === from)
      .map((chunk) => chunk.text)
      .join('');
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // After the exit, once the pipes have given their last bytes (their writers may outlive the leader;
  // one that left the group, a daemon, may hold them for good: then the group's end is enough).
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let stopping: Promise<number | null> | undefined;
  const started: GroupProcess = {
    child,
    pid,
    exited,
    output: () => text(),
    stdout: () => text('stdout'),
    stderr: () => text('stderr'),
    stop: (how) =>
      (stopping ??= (async () => {
        try {
          await endGroup(pid, how);
          await Promise.race([closed, sleep(2000)]);
          return await exited;
        } finally {
          running.delete(pid);
          removeHandlersWhenIdle();
        }
      })()),
  };
  running.set(pid, started);
  addHandlers();
  // A process that ended by itself with nothing of its group left needs no stopping.
  void exited.then(() => {
    if (!stopping && !groupAlive(pid)) {
      running.delete(pid);
      removeHandlersWhenIdle();
    }
  });
  return started;
}

/** Ends every group this process started that is still running, and resolves once they are all gone. */
export async function stopGroups(): Promise<void> {
  await Promise.all([...running.values()].map((started) => started.stop()));
}

/** What a command that ran to its end did. */
export interface Finished {
  /** Its exit code, or null when a signal ended it (signal says which). */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, in the order they were written. */
  output: string;
  /** Whether it was stopped for taking longer than timeoutMs. */
  timedOut: boolean;
}

/**
 * Runs a command in a group of its own to its end (stdout and stderr kept, stdin closed), then
 * ends whatever it left in its group (a grandchild `npm` or `sh` did not wait for). After
 * `timeoutMs` the group is ended.
 */
export async function runInGroup(
  command: string,
  args: readonly string[],
  { timeoutMs, ...options }: GroupOptions & { timeoutMs?: number } = {},
): Promise<Finished> {
  const started = startGroup(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          void started.stop();
        }, timeoutMs);
  await started.exited;
  clearTimeout(timer);
  const code = await started.stop();
  return {
    code,
    signal: started.child.signalCode,
    stdout: started.stdout(),
    stderr: started.stderr(),
    output: started.output(),
    timedOut,
  };
}

/** The folders temporaryFolder made, removed when this process is interrupted or exits. */
const folders = new Set<string>();

/**
 * A new folder in the OS temp folder (mkdtemp, `prefix` then random characters) for a test's data.
 * Remove it in afterAll all the same; should the test not get there (an interrupted run), it is removed
 * when this process is interrupted or exits, after the processes that used it have ended.
 */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.add(folder);
  addHandlers();
  return folder;
}

function removeFolders(): void {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders.clear();
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
let handlersAdded = false;

/** The last resort: this process exits with groups still running (a test that did not stop what it started). */
function onExit(): void {
  endGroupsNow([...running.keys()], 3000);
  removeFolders();
}

/** The runner that forked this process (vitest, Playwright) is gone: nothing will stop these groups otherwise. */
function onDisconnect(): void {
  closing = true;
  stopGroups().catch(() => undefined);
}

/**
 * Interrupted: every group is ended (stopGroups sends each its SIGTERM at once, so should this
 * process be killed next, they still stop). Where nobody else listens for the signal, this process
 * then ends by it, as it would have without this handler.
 */
function onSignal(signal: NodeJS.Signals): void {
  closing = true;
  const othersListen = process.listenerCount(signal) > 1;
  void stopGroups()
    .catch(() => undefined)
    .then(() => {
      removeFolders();
      if (othersListen) return;
      removeHandlers();
      process.kill(process.pid, signal);
    });
}

function addHandlers(): void {
  if (handlersAdded) return;
  handlersAdded = true;
  process.on('exit', onExit);
  for (const signal of SIGNALS) process.on(signal, onSignal);
  if (process.send) process.on('disconnect', onDisconnect);
}

function removeHandlers(): void {
  handlersAdded = false;
  process.off('exit', onExit);
  for (const signal of SIGNALS) process.off(signal, onSignal);
  process.off('disconnect', onDisconnect);
}

function removeHandlersWhenIdle(): void {
  if (handlersAdded && running.size === 0 && folders.size === 0 && !closing) removeHandlers();
}
