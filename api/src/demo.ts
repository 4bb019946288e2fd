import type { Services } from '@app/worker';

/**
 * First start of the embedded default: loads synthetic demo data and prints demo logins.
 * (The seed itself arrives with the demo-data issue; until then the app starts empty.)
 */
export async function seedDemoIfEmpty(_services: Services): Promise<void> {}
