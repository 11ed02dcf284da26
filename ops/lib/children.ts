/**
 * The script's child processes and everything else it must undo (the temporary cluster, temporary folders): one
 * list of clean-ups, run in reverse order on exit — after success, after a failure, and on SIGINT/SIGTERM.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';

type Cleanup = () => Promise<void> | void;
const cleanups: { name: string; run: Cleanup }[] = [];
let cleaning: Promise<void> | undefined;

/** Registers a clean-up; returns the function that runs it now (and drops it from the list). */
export function onCleanup(name: string, run: Cleanup): () => Promise<void> {
  const entry = { name, run };
  cleanups.push(entry);
  return async () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
    await run();
  };
}

/** Runs every registered clean-up, newest first; each one's failure is printed and the others still run. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const { name, run } = cleanups.pop()!;
      try {
        await run();
      } catch (err) {
        process.stderr.write(`clean-up of ${name} failed: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
  })();
  return cleaning;
}

/** SIGINT/SIGTERM: clean up, then exit 130/143. */
export function cleanUpOnSignals(): void {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the children and removing the temporary cluster\n`);
      void cleanUp().finally(() => process.exit(code));
    });
  }
}

export interface Child {
  name: string;
  proc: ChildProcess;
  /** Resolves with the signal name or `exit N` once the process ended. */
  exited: Promise<string>;
  /** True while the process runs. */
  alive(): boolean;
  /** The output so far (stdout and stderr interleaved), also written to `logFile`. */
  output(): string;
  logFile: string;
  /** Sends `signal`; with SIGTERM, SIGKILL follows after `graceMs`. Resolves once it ended. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<string>;
}

const MAX_KEPT = 200_000;

/** Spawns a process whose output goes to `logFile` (and is kept, the last 200 kB); it is stopped on clean-up. */
export function spawnChild(name: string, command: string, args: string[], options: SpawnOptions & { logFile: string }): Child {
  const proc = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: WriteStream = createWriteStream(options.logFile, { flags: 'a' });
  let kept = '';
  const read = (chunk: Buffer) => {
    log.write(chunk);
    kept += chunk.toString();
    if (kept.length > MAX_KEPT) kept = kept.slice(-MAX_KEPT / 2);
  };
  proc.stdout!.on('data', read);
  proc.stderr!.on('data', read);
  let ended = false;
  const exited = new Promise<string>((resolve) => {
    proc.once('error', (err) => {
      ended = true;
      read(Buffer.from(`spawn failed: ${err.message}\n`));
      resolve('spawn error');
    });
    proc.once('exit', (code, signal) => {
      ended = true;
      resolve(signal ?? `exit ${code}`);
    });
  });
  void exited.then(() => log.end());
  const child: Child = {
    name,
    proc,
    exited,
    logFile: options.logFile,
    alive: () => !ended,
    output: () => kept,
    async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000) {
      if (ended) return exited;
      proc.kill(signal);
      if (signal !== 'SIGKILL') {
        const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
        const how = await exited;
        clearTimeout(timer);
        return how;
      }
      return exited;
    },
  };
  onCleanup(name, async () => {
    if (!ended) {
      // A stopped (SIGSTOP) process must be continued to take SIGTERM.
      proc.kill('SIGCONT');
      await child.stop('SIGTERM', 5_000);
    }
  });
  return child;
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    proc.once('error', reject);
    proc.once('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} ended with ${signal ?? `exit ${code}`}:\n${out.trim()}`));
    });
  });
}
