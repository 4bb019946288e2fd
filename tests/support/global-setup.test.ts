import { describe, expect, it } from 'vitest';
import { crashLineCollector } from './global-setup.ts';

describe('crashLineCollector (the Postgres container log lines printed at the end of a run)', () => {
  it('keeps a crash line with the lines after it (the statement the killed process ran), across chunk boundaries', () => {
    const { lines, add } = crashLineCollector();
    add('2026-11-28 15:13:01.1 UTC [1] LOG:  checkpoint starting\n2026-11-28 15:13:02.2 UTC [1] LOG:  server process (PID 42) was term');
    add('inated by signal 13: Broken pipe\n2026-11-28 15:13:02.2 UTC [1] DETAIL:  Failed process was running: select 1\n');
    add('2026-11-28 15:13:02.3 UTC [1] LOG:  terminating any other active server processes\n2026-11-28 15:13:05 UTC [1] LOG:  checkpoint complete\n');
    expect(lines).toEqual([
      '2026-11-28 15:13:02.2 UTC [1] LOG:  server process (PID 42) was terminated by signal 13: Broken pipe',
      '2026-11-28 15:13:02.2 UTC [1] DETAIL:  Failed process was running: select 1',
      '2026-11-28 15:13:02.3 UTC [1] LOG:  terminating any other active server processes',
    ]);
  });

  it('keeps nothing of a log without a crash, and stops at its limit', () => {
    const quiet = crashLineCollector();
    quiet.add('LOG:  database system is ready to accept connections\nLOG:  checkpoint starting: time\n');
    expect(quiet.lines).toEqual([]);
    const bounded = crashLineCollector(3, 0);
    bounded.add('PANIC: a\nPANIC: b\nPANIC: c\nPANIC: d\n');
    expect(bounded.lines).toEqual(['PANIC: a', 'PANIC: b', 'PANIC: c']);
  });
});
