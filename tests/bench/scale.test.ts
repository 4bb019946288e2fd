// Pure pieces of the benchmark's scale modes (the runs themselves stay out of the test suite).
import { describe, expect, it } from 'vitest';
import { diskVerdict, estimateDisk, freeSpace } from './disk.ts';
import { parseProcesses, verdicts } from './scale-out.ts';

const GB = 1024 ** 3;

describe('disk estimate of a scale run', () => {
  it('puts the million-athlete run at about 87 GB, mostly listed rows', () => {
    const e = estimateDisk({ athletes: 1_000_000, incompleteAthletes: 50_000, requests: 2_000 });
    // 6.5 % of 2 billion pairs listed, as at 100,000 x 1,000; 600 bytes per listed row.
    expect(e.listedRows).toBeGreaterThan(125_000_000);
    expect(e.listedRows).toBeLessThan(135_000_000);
    expect(e.neededBytes / GB).toBeGreaterThan(84);
    expect(e.neededBytes / GB).toBeLessThan(90);
    expect(e.indexBytes).toBeGreaterThan(10 * e.athleteBytes);
  });

  it('scales with athletes x requests and keeps at least 2 GB of headroom for small runs', () => {
    const small = estimateDisk({ athletes: 5_000, incompleteAthletes: 250, requests: 50 });
    expect(small.neededBytes).toBeGreaterThanOrEqual(2 * GB);
    expect(small.neededBytes).toBeLessThan(2.1 * GB);
    const a = estimateDisk({ athletes: 100_000, incompleteAthletes: 0, requests: 1_000 });
    const b = estimateDisk({ athletes: 200_000, incompleteAthletes: 0, requests: 1_000 });
    expect(b.listedRows).toBe(2 * a.listedRows);
  });
});

describe('free disk space check', () => {
  const statfsOf = (free: Record<string, number>) => async (path: string) => {
    if (!(path in free)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return { bavail: free[path] / 4096, bsize: 4096 };
  };

  it("measures the Postgres data directory's filesystem when it can see it", async () => {
    const space = await freeSpace('/var/lib/postgresql/15/main', '/work', statfsOf({ '/var/lib/postgresql/15/main': 80 * GB, '/work': 5 * GB }));
    expect(space).toEqual({ path: '/var/lib/postgresql/15/main', freeBytes: 80 * GB, of: 'postgres data directory' });
  });

  it('falls back to the current directory, and says why, when the data directory is not visible or unknown', async () => {
    const hidden = await freeSpace('/var/lib/postgresql/data', '/work', statfsOf({ '/work': 5 * GB }));
    expect(hidden).toMatchObject({ path: '/work', freeBytes: 5 * GB, of: 'current directory' });
    expect(hidden.fallbackReason).toMatch(/\/var\/lib\/postgresql\/data is not readable from here \(ENOENT\)/);
    const unknown = await freeSpace(null, '/work', statfsOf({ '/work': 5 * GB }));
    expect(unknown).toMatchObject({ of: 'current directory', fallbackReason: 'Postgres did not say where its data directory is' });
  });

  it('refuses with the space needed and free, and what to do; accepts when there is enough', () => {
    const estimate = estimateDisk({ athletes: 1_000_000, incompleteAthletes: 50_000, requests: 2_000 });
    const short = diskVerdict({ path: '/data', freeBytes: 40 * GB, of: 'postgres data directory' }, estimate);
    expect(short.ok).toBe(false);
    expect(short.message).toMatch(/^Not enough free disk space: this run needs about \d+\.\d GB and \/data \(postgres data directory\) has 40\.0 GB free\./);
    expect(short.message).toContain('--athletes');
    const enough = diskVerdict({ path: '/data', freeBytes: 120 * GB, of: 'postgres data directory' }, estimate);
    expect(enough.ok).toBe(true);
    expect(enough.message).toMatch(/120\.0 GB free on \/data/);
    const fallback = diskVerdict({ path: '/work', freeBytes: 1 * GB, of: 'current directory', fallbackReason: 'x is not readable from here' }, estimate);
    expect(fallback.message).toContain('/work (current directory; x is not readable from here)');
  });
});

describe('--processes', () => {
  it('reads <API processes>x<worker processes>', () => {
    expect(parseProcesses('2x4')).toEqual({ apis: 2, workers: 4 });
    expect(parseProcesses(' 1x1 ')).toEqual({ apis: 1, workers: 1 });
    for (const bad of ['', '2', '2x', 'x4', '0x4', '2x0', '2*4', '-1x2', '99x4']) expect(parseProcesses(bad), bad).toBeNull();
  });
});

describe('what grows with processes', () => {
  const read = (apiProcesses: number, rps: number, api: number, postgres: number, busy: number) => ({
    label: '',
    connections: 20,
    requests: rps * 10,
    seconds: 10,
    rps,
    p50: 5,
    p90: 8,
    p99: 12,
    max: 20,
    mean: 5,
    non2xx: 0,
    errors: 0,
    setup: `${apiProcesses}`,
    apiProcesses,
    cpuMsPerRead: { apis: api, proxy: 0.1, postgres },
    machineBusyPercent: busy,
  });
  const job = (workers: number, jobsPerSecond: number, postgres: number) => ({
    workers,
    jobs: 1500,
    jobsPerSecond,
    cpuMsPerJob: { workers: 4, postgres },
    machineBusyPercent: 90,
  });

  it('sorts reads/s and jobs/s that grew from CPU per read that stayed the same', () => {
    const { grows, doesNotGrow } = verdicts(
      [{ ...read(1, 1000, 0.4, 0.3, 60), cpuMsPerRead: { apis: 0.4, proxy: 0, postgres: 0.3 } }, read(1, 950, 0.4, 0.3, 62), read(2, 1600, 0.42, 0.31, 95)],
      [job(2, 180, 5), job(4, 190, 5.2)],
    );
    expect(grows.map((g) => g.split(':')[0])).toEqual(['reads/s', 'machine CPU busy during reads']);
    expect(grows[0]).toContain('x1.6');
    expect(doesNotGrow.map((g) => g.split(':')[0])).toEqual([
      'Postgres CPU per read',
      'API CPU per read',
      "the proxy's CPU per read",
      'athlete jobs/s',
      'Postgres CPU per job',
    ]);
  });
});
