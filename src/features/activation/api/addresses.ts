import useSWR from 'swr';
import type { Address } from '@schemas/api/barcode';
import { api } from '@/shared/api';

interface UserAddresses {
  addressBook: Address[];
  history: Address[];
}

/** GET /user/address: the user's address book and the addresses they used before. */
export function useUserAddresses() {
  return useSWR('user-addresses', () => api.get<UserAddresses>('/user/address'), { shouldRetryOnError: false, revalidateOnFocus: false });
}
