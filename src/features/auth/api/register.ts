import type { RegisterBody, RegisterResponse } from '@schemas/api/user';
import { api } from '@/shared/api';
import type { Payload } from '@/shared/api/payload';
import { visitorId } from '@/shared/storage/storage';

export interface RegisterInput {
  firstName: string;
  lastName: string;
  password?: string;
}

/** POST /user/carrier-user/self; resolves to the generated 8-digit access code. Nothing cached changes: the visitor stays logged out. */
export async function registerCarrier(projectId: string, input: RegisterInput): Promise<string> {
  const body: RegisterBody = {
    projectId,
    firstName: input.firstName.trim(),
    lastName: input.lastName.trim(),
    visitorId: visitorId(),
  };
  if (input.password) body.password = input.password;
  const data = await api.post<Payload<typeof RegisterResponse>>('/user/carrier-user/self', body);
  return data.accessCode;
}
