import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A Node child running a TypeScript entry through tsx (node --import tsx: the pid is the process itself, so its memory can be read). */
export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  output: string[];
  /** Resolves with the first stdout line matching. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  /** Peak resident memory so far (VmHWM), in MB; null once gone. */
  peakRssMb(): number | null;
  rssMb(): number | null;
  stop(): Promise<void>;
}

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function startChild(name: string, entry: string, env: Record<string, string>, extraNodeArgs: string[] = []): Child {
  const proc = spawn(process.execPath, [...extraNodeArgs, '--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  const onLine = (line: string) => {
    output.push(line);
    if (output.length > 2000) output.splice(0, 1000);
    for (const w of [...waiters]) {
      if (w.pattern.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  let buffered = '';
  const feed = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    lines.forEach(onLine);
  };
  proc.stdout.on('data', feed);
  proc.stderr.on('data', feed);
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  let lastPeak: number | null = null;
  return {
    name,
    proc,
    pid: proc.pid!,
    output,
    exited,
    waitFor(pattern, timeoutMs = 60_000) {
      const seen = output.find((l) => pattern.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${name}: no line matching ${pattern} within ${timeoutMs} ms. Output:\n${output.slice(-20).join('\n')}`)),
          timeoutMs,
        );
        waiters.push({ pattern, resolve: (line) => (clearTimeout(timer), resolve(line)) });
        void exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${name} exited (${code}) before printing ${pattern}. Output:\n${output.slice(-20).join('\n')}`));
        });
      });
    },
    peakRssMb() {
      const v = statusField(proc.pid!, 'VmHWM');
      if (v !== null) lastPeak = v;
      return lastPeak;
    },
    rssMb: () => statusField(proc.pid!, 'VmRSS'),
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      this.peakRssMb();
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
