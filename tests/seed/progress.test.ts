import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, progressLine, progressMode, progressStep, rateAndEta } from './progress.ts';

/** A stream that keeps what is written, and a clock the test moves. */
function fakeOutput(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, write: (text: string) => writes.push(text) } };
}
function clock() {
  let t = 1000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('progress formatting', () => {
  it('formats durations as m:ss and h:mm:ss, unknown as --:--', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(Infinity)).toBe('--:--');
    expect(formatDuration(-1)).toBe('--:--');
  });

  it('computes the rate so far and the time left at that rate', () => {
    expect(rateAndEta({ done: 40_000, total: 100_000, elapsedMs: 8_000 })).toEqual({ perSecond: 5_000, etaSeconds: 12 });
    expect(rateAndEta({ done: 0, total: 100, elapsedMs: 0 })).toEqual({ perSecond: 0, etaSeconds: Infinity });
    expect(rateAndEta({ done: 100, total: 100, elapsedMs: 2_000 }).etaSeconds).toBe(0);
  });

  it('writes count, percent, rate and ETA, with a bar when asked', () => {
    expect(progressLine('athletes', { done: 40_000, total: 100_000, elapsedMs: 8_000 }, 10)).toBe(
      'athletes [####......]  40% 40,000/100,000  5,000/s  ETA 0:12',
    );
    expect(progressLine('athletes', { done: 40_000, total: 100_000, elapsedMs: 8_000 }, 0)).toBe('athletes  40% 40,000/100,000  5,000/s  ETA 0:12');
    expect(progressLine('athletes', { done: 0, total: 10, elapsedMs: 0 }, 0)).toBe('athletes   0% 0/10  0/s  ETA --:--');
    expect(progressLine('athletes', { done: 10, total: 10, elapsedMs: 61_000 }, 4)).toBe('athletes [####] 100% 10/10  0/s  in 1:01');
  });

  it('counts steps of N percent', () => {
    expect(progressStep(0, 1000, 10)).toBe(0);
    expect(progressStep(99, 1000, 10)).toBe(0);
    expect(progressStep(100, 1000, 10)).toBe(1);
    expect(progressStep(1000, 1000, 10)).toBe(10);
    expect(progressStep(5000, 1000, 10)).toBe(10);
    expect(progressStep(0, 0, 10)).toBe(0);
  });

  it('updates a line in a terminal, prints plain lines when piped or on CI', () => {
    expect(progressMode({ isTTY: true }, {})).toBe('tty');
    expect(progressMode({ isTTY: false }, {})).toBe('plain');
    expect(progressMode({}, {})).toBe('plain');
    expect(progressMode({ isTTY: true }, { CI: 'true' })).toBe('plain');
    expect(progressMode({ isTTY: true }, { CI: '1' })).toBe('plain');
    expect(progressMode({ isTTY: true }, { CI: 'false' })).toBe('tty');
    expect(progressMode({ isTTY: true }, { TERM: 'dumb' })).toBe('plain');
  });
});

describe('createProgress', () => {
  it('in plain mode prints one line per 10 % and one at the end, no carriage returns', () => {
    const out = fakeOutput(false);
    const c = clock();
    const progress = createProgress('athletes', 1000, { stream: out.stream, env: {}, now: c.now });
    for (let done = 10; done <= 1000; done += 10) {
      c.advance(10);
      progress.update(done);
    }
    progress.finish();
    expect(out.writes).toHaveLength(10);
    expect(out.writes.every((w) => w.endsWith('\n') && !w.includes('\r'))).toBe(true);
    expect(out.writes[0]).toMatch(/^athletes {2}10% 100\/1,000 {2}1,000\/s {2}ETA 0:01\n$/);
    expect(out.writes[9]).toMatch(/^athletes 100% 1,000\/1,000 {2}1,000\/s {2}in 0:01\n$/);
  });

  it('in a terminal redraws one line at most every redraw interval and ends it with a newline', () => {
    const out = fakeOutput(true);
    const c = clock();
    const progress = createProgress('athletes', 100, { stream: out.stream, env: {}, now: c.now, redrawMs: 100 });
    progress.update(1); // drawn (first)
    c.advance(50);
    progress.update(2); // too soon
    c.advance(60);
    progress.update(3); // drawn
    progress.finish(); // drawn, then the newline
    expect(out.writes).toHaveLength(4);
    expect(out.writes.slice(0, 3).every((w) => w.startsWith('\r\x1b[2K') && !w.includes('\n'))).toBe(true);
    expect(out.writes[1]).toContain(' 3/100 ');
    expect(out.writes[3]).toBe('\n');
    progress.update(50); // after finish: nothing
    expect(out.writes).toHaveLength(4);
  });

  it('prints a note above the updating line and redraws it', () => {
    const out = fakeOutput(true);
    const progress = createProgress('athletes', 100, { stream: out.stream, env: {}, now: clock().now });
    progress.update(5);
    progress.note('seed: 12 coaches');
    expect(out.writes.slice(1)).toEqual(['\r\x1b[2Kseed: 12 coaches\n', expect.stringMatching(new RegExp(String.raw`^\r\x1b\[2Kathletes .* 5/100 `))]);
    const plain = fakeOutput(false);
    createProgress('athletes', 100, { stream: plain.stream, env: {} }).note('seed: 12 coaches');
    expect(plain.writes).toEqual(['seed: 12 coaches\n']);
  });
});
