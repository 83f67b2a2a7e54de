import { createStore } from '../ui/store';

/** Fires when a token refresh failed and the session is gone; the session layer clears the profile. */
export const sessionEvents = createStore<{ signedOutAt: number } | null>(null);
