import useSWR, { mutate } from 'swr';
import type { AddressesResponse } from '@schemas/api/user';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';

/** The key of the user's saved addresses. */
export const userAddressesKey = () => 'user-addresses';

/** GET /user/address: the user's address book and the addresses they used before. */
export const fetchUserAddresses = () => api.get<Payload<typeof AddressesResponse>>('/user/address');

/** The user's address book and the addresses of their past activations and edits. */
export function useUserAddresses() {
  return useSWR(userAddressesKey(), fetchUserAddresses, { shouldRetryOnError: false, revalidateOnFocus: false });
}

/** Reloads the saved addresses: an activation or its edit adds to the ones used before. */
export const revalidateUserAddresses = () => mutate(userAddressesKey());
