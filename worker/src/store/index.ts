// @app/worker/store: the data layer, one module per aggregate (docs/decisions/007-store.md).
// Every statement of the API's routes lives here; every write that changes what is scored bumps
// its row's version and records the outbox row in the same transaction.
export * from './result.ts';
export * from './outbox.ts';
export * from './images.ts';
export * from './athletes.ts';
export * from './requests.ts';
export * from './coaches.ts';
export * from './notes.ts';
export * from './saved-views.ts';
export * from './accounts.ts';
export * from './account-data.ts';
export * from './insights.ts';
export * from './notifications.ts';
export * from './conversations.ts';
export * from './contact.ts';
export * from './health.ts';
// Matches, the match index (match_scores: read and write side), the index's scoring inputs and
// the agent roster; profile-sql.ts is the one home of profile JSON paths in SQL.
export * from './matches.ts';
export * from './match-scores.ts';
export * from './scoring-inputs.ts';
export * from './roster.ts';
export * from './profile-sql.ts';
// The embedded default's demo activity (api/src/demo.ts).
export * from './demo.ts';
