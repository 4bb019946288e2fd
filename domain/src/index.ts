// @app/domain: the product's rules without I/O. Also importable per module: '@app/domain/scoring'.
export * from './reference.ts';
export * from './messages.ts';
export * from './language.ts';
export * from './error-codes.ts';
export * from './fields.ts';
export * from './conversions.ts';
export * from './contact.ts';
export * from './auth.ts';
export * from './athlete-profile.ts';
export * from './coach-profile.ts';
export * from './coach-request.ts';
export * from './match.ts';
export * from './scoring.ts';
export * from './match-views.ts';
export * from './list-tools.ts';
export * from './notifications.ts';
export * from './ids.ts';
