/**
 * A value read from the database now and then: fresh for `ttlMs`, then served as it was while one
 * read refreshes it in the background, so no request waits for the refresh once a value exists
 * (the completed-athlete count behind every ranked list took about 100 ms at a million athletes,
 * and every list read arriving meanwhile waited for it). Until a value exists, callers wait for
 * the read and see its failure. `keep` says whether a value may be cached at all.
 */
export function refreshedValue<T>(
  read: () => Promise<T>,
  options: { ttlMs: number; keep?: (value: T) => boolean; now?: () => number; onRefreshError?: (error: unknown) => void },
): () => T | Promise<T> {
  const now = options.now ?? Date.now;
  let cached: { value: T; at: number } | null = null;
  let inFlight: Promise<T> | null = null;
  return () => {
    if (cached && now() - cached.at < options.ttlMs) return cached.value;
    if (!inFlight) {
      inFlight = read()
        .then((value) => {
          cached = (options.keep?.(value) ?? true) ? { value, at: now() } : null;
          return value;
        })
        .finally(() => {
          inFlight = null;
        });
      // A refresh answers nobody: its failure is reported once here, and the next call tries again.
      if (cached) inFlight.catch((error) => options.onRefreshError?.(error));
    }
    // The stale value answers while the refresh runs.
    return cached ? cached.value : inFlight;
  };
}
