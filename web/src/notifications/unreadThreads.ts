/** '/messages/<matchId>' -> the match id, else null. */
export function threadOfLink(link: string): string | null {
  return /^\/messages\/([^/?#]+)/.exec(link)?.[1] ?? null;
}
