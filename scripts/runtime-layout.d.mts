/** Types for runtime-layout.mjs (a plain Node script the tests also import). */
export function runtimeLayoutProblems(root: string): string[];
