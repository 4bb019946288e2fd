// Free disk space for the million-athlete run: where Postgres keeps its data (`SHOW
// data_directory`), or, when this process cannot see that path (Postgres in another container or
// on another machine), the current directory's filesystem, and says which one it measured.
import { statfs as statfsAsync } from 'node:fs/promises';

/**
 * Sizes measured at 100,000 x 1,000 (the benchmark's template database at a06bf12; the athletes'
 * in a small scale run). Round 1's rows (2,458.8 MB for 5,207,258) put the million-athlete run at
 * 60 GB; this round's are wider (the list filters' columns, in the view indexes too) and more
 * pairs are listed.
 */
export const MEASURED = {
  /** match_scores with its indexes: 3,708.2 MB for 6,476,768 listed rows (600 bytes each). */
  bytesPerListedRow: 3_888_332_800 / 6_476_768,
  /** Listed rows per scored pair: 6,476,768 of 100,000 x 1,000. */
  listedPerPair: 6_476_768 / 100_000_000,
  /** An athlete's users + athletes rows with their indexes (16.9 MB for 5,250 in a small scale run; about 1.1 KB of COPY text each). */
  bytesPerAthlete: 3300,
} as const;

export interface DiskEstimate {
  listedRows: number;
  indexBytes: number;
  athleteBytes: number;
  /** With room for the WAL written meanwhile and the rebuild's sort files: what the run needs free. */
  neededBytes: number;
}

/** What a run of this size needs on the Postgres data directory's filesystem. */
export function estimateDisk(sizes: { athletes: number; incompleteAthletes: number; requests: number }): DiskEstimate {
  const listedRows = Math.round(sizes.athletes * sizes.requests * MEASURED.listedPerPair);
  const indexBytes = listedRows * MEASURED.bytesPerListedRow;
  const athleteBytes = (sizes.athletes + sizes.incompleteAthletes) * MEASURED.bytesPerAthlete;
  // The WAL (max_wal_size, recycled) and the index builds' sort files: 15 % on top, at least 2 GB.
  const data = indexBytes + athleteBytes;
  const neededBytes = Math.round(data + Math.max(data * 0.15, 2 * 1024 ** 3));
  return { listedRows, indexBytes: Math.round(indexBytes), athleteBytes, neededBytes };
}

export interface FreeSpace {
  path: string;
  freeBytes: number;
  /** Which filesystem was measured. */
  of: 'postgres data directory' | 'current directory';
  /** Why the data directory was not measured, when it was not. */
  fallbackReason?: string;
}

type Statfs = (path: string) => Promise<{ bavail: number | bigint; bsize: number | bigint }>;

/** Free bytes (for an unprivileged user) on the data directory's filesystem, else the cwd's. */
export async function freeSpace(dataDirectory: string | null, cwd = process.cwd(), statfs: Statfs = statfsAsync): Promise<FreeSpace> {
  const free = async (path: string) => {
    const s = await statfs(path);
    return Number(s.bavail) * Number(s.bsize);
  };
  let fallbackReason = 'Postgres did not say where its data directory is';
  if (dataDirectory) {
    try {
      return { path: dataDirectory, freeBytes: await free(dataDirectory), of: 'postgres data directory' };
    } catch (error) {
      fallbackReason = `${dataDirectory} is not readable from here (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): Postgres may run in another container or on another machine`;
    }
  }
  return { path: cwd, freeBytes: await free(cwd), of: 'current directory', fallbackReason };
}

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/** Whether the run may start, and the line that says so (or why not). */
export function diskVerdict(space: FreeSpace, estimate: DiskEstimate): { ok: boolean; message: string } {
  const where = `${space.path} (${space.of}${space.fallbackReason ? `; ${space.fallbackReason}` : ''})`;
  if (space.freeBytes < estimate.neededBytes) {
    return {
      ok: false,
      message:
        `Not enough free disk space: this run needs about ${gb(estimate.neededBytes)} and ${where} has ${gb(space.freeBytes)} free. ` +
        'Free some space (old bench_template_* databases: psql -c "drop database …"), or run smaller sizes (--athletes, --requests).',
    };
  }
  return { ok: true, message: `Disk: about ${gb(estimate.neededBytes)} needed, ${gb(space.freeBytes)} free on ${where}.` };
}
