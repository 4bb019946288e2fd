// The wire contract (issue 15): one zod schema per answer of the API, and its type.
export * from './common.ts';
export * from './account.ts';
export * from './athlete.ts';
export * from './coach.ts';
export * from './matches.ts';
export * from './agent.ts';
export * from './conversations.ts';
export * from './insights.ts';
export * from './health.ts';
