// @app/worker/store: the data layer, one module per aggregate (docs/decisions/007-store.md).
// Every statement of the API's routes lives here; every write that changes what is scored bumps
// its row's version and records the outbox row in the same transaction.
export * from './result.ts';
export * from './outbox.ts';
export * from './images.ts';
export * from './athletes.ts';
export * from './requests.ts';
export * from './coaches.ts';
export * from './accounts.ts';
export * from './insights.ts';
export * from './notifications.ts';
export * from './conversations.ts';
export * from './contact.ts';
export * from './health.ts';
// store-b: matches, match scores (read and write side) and the agent roster.
// export * from './matches.ts';
// export * from './match-scores.ts';
// export * from './roster.ts';
