import { useSession } from '../auth/api.ts';
import { useLiveEvents } from './useLiveEvents.ts';

/** Mounted once in the app's chrome: keeps the signed-in user's screens live (or polling). */
export function LiveEvents() {
  const session = useSession();
  useLiveEvents(session.data?.id ?? null);
  return null;
}
