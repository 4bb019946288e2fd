/** Types for runtime-layout.mjs (a plain Node script the tests also import). */
export function workspaceProductionDependencies(root: string): Array<{ workspace: string; name: string; range: string }>;
export function runtimeLayoutProblems(root: string): string[];
