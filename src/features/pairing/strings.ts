import { useLazyStrings } from '@/shared/i18n/lazy-strings';

/**
 * Whether the pairing strings (and the scanned list's, which its list screens draw) of the
 * interface language are there; they load with this feature's chunk, not with the first load.
 */
export const usePairingStrings = (): boolean => useLazyStrings('pairing', 'scan-list');
