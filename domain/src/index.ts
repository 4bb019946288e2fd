export * from './reference.ts';
export * from './contact.ts';
