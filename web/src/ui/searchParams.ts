/**
 * `params` with some keys set or, for an empty or null value, removed: how a list page that keeps
 * its view in the URL (?q=&…) changes it.
 */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}
