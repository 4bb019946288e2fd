// Progress of a long count (the seed's athletes): in a terminal one line that updates in place
// (count, rate, ETA); elsewhere (a pipe, a log file, CI=true) a plain line every N percent, so
// logs are not flooded with carriage returns.

export interface ProgressSnapshot {
  done: number;
  total: number;
  elapsedMs: number;
}

const integer = (n: number) => Math.round(n).toLocaleString('en-US');

/** m:ss, or h:mm:ss from an hour; '--:--' when unknown (nothing done yet). */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Items per second so far, and the time left at that rate (Infinity before the first item). */
export function rateAndEta({ done, total, elapsedMs }: ProgressSnapshot): { perSecond: number; etaSeconds: number } {
  const perSecond = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const etaSeconds = done >= total ? 0 : perSecond > 0 ? (total - done) / perSecond : Infinity;
  return { perSecond, etaSeconds };
}

/**
 * "athletes [########............]  40% 40,000/100,000  5,123/s  ETA 0:12" (no bar with
 * barWidth 0; elapsed time instead of the ETA once done).
 */
export function progressLine(label: string, snapshot: ProgressSnapshot, barWidth = 24): string {
  const { done, total, elapsedMs } = snapshot;
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const { perSecond, etaSeconds } = rateAndEta(snapshot);
  const filled = Math.floor(fraction * barWidth);
  const bar = barWidth > 0 ? ` [${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]` : '';
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const tail = done >= total ? `in ${formatDuration(elapsedMs / 1000)}` : `ETA ${formatDuration(etaSeconds)}`;
  return `${label}${bar} ${percent} ${integer(done)}/${integer(total)}  ${integer(perSecond)}/s  ${tail}`;
}

/** The step (0, 1, 2, …) of `stepPercent` that `done` has reached; a plain line is printed when it grows. */
export function progressStep(done: number, total: number, stepPercent: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) * 100) / total / stepPercent);
}

/** An updating line in an interactive terminal; plain lines when not a TTY or on CI. */
export function progressMode(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): 'tty' | 'plain' {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return stream.isTTY && !ci && env.TERM !== 'dumb' ? 'tty' : 'plain';
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface Progress {
  /** The count so far (monotonic). */
  update(done: number): void;
  /** Prints the final state (and ends the updating line). */
  finish(): void;
  /** A line of its own on the same stream, above the updating line in a terminal. */
  note(line: string): void;
}

export function createProgress(
  label: string,
  total: number,
  options: { stream?: ProgressOutput; env?: Record<string, string | undefined>; stepPercent?: number; now?: () => number; redrawMs?: number } = {},
): Progress {
  const stream = options.stream ?? process.stderr;
  const mode = progressMode(stream, options.env ?? process.env);
  const stepPercent = options.stepPercent ?? 10;
  const now = options.now ?? (() => performance.now());
  const redrawMs = options.redrawMs ?? 100;
  const started = now();
  let done = 0;
  let lastDraw = -Infinity;
  let lastStep = 0;
  let finished = false;
  const snapshot = () => ({ done, total, elapsedMs: now() - started });
  const draw = (force: boolean) => {
    const t = now();
    if (!force && t - lastDraw < redrawMs) return;
    lastDraw = t;
    stream.write(`\r\x1b[2K${progressLine(label, snapshot())}`);
  };
  return {
    update(count) {
      if (finished) return;
      done = Math.max(done, count);
      if (mode === 'tty') return draw(false);
      const step = progressStep(done, total, stepPercent);
      if (step > lastStep && done < total) {
        lastStep = step;
        stream.write(`${progressLine(label, snapshot(), 0)}\n`);
      }
    },
    note(line) {
      if (mode === 'tty' && !finished && lastDraw > -Infinity) {
        stream.write(`\r\x1b[2K${line}\n`);
        draw(true);
      } else {
        stream.write(`${line}\n`);
      }
    },
    finish() {
      if (finished) return;
      finished = true;
      if (mode === 'tty') {
        draw(true);
        stream.write('\n');
      } else {
        stream.write(`${progressLine(label, snapshot(), 0)}\n`);
      }
    },
  };
}
