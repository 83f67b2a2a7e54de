import type { AuthorizeBody } from '@schemas/api/user';
import type { ErrorCode as Catalogue } from '@schemas/error-codes';
import { api, ApiError } from '@/shared/api';
import { forgetCachedAnswers } from '@/shared/pwa/cached-api';
import { visitorId } from '@/shared/storage/storage';

export interface LoginInput {
  accessCode: string;
  password?: string;
  oneTimePasscode?: string;
}

/** POST /user/authorize: the access code, and the password or one-time code when the form has one. */
export async function authorize(projectId: string, input: LoginInput): Promise<void> {
  const body: AuthorizeBody = { projectId, accessCode: input.accessCode, visitorId: visitorId() };
  if (input.password) body.password = input.password;
  if (input.oneTimePasscode) body.oneTimePasscode = input.oneTimePasscode;
  await api.post('/user/authorize', body);
  // What the service worker kept for offline use was read as someone else (a visitor, or a user
  // whose session ended without a logout): not for this user.
  await forgetCachedAnswers().catch(() => undefined);
}

/** What a failed login means for the form. */
export type LoginFailure =
  | { kind: 'code-sent' }
  | { kind: 'code-already-sent' }
  | { kind: 'code-incorrect' }
  | { kind: 'invalid-password' }
  /** The user is not of the project's enterprise: no session was issued. */
  | { kind: 'not-belong' }
  /** Not a credential problem (rate limit, network, server): said as it is, not as 'invalid password'. */
  | { kind: 'other'; error: unknown };

/**
 * The catalogue codes login reads, written as literals that the catalogue's types check (a
 * wrong number fails the typecheck): importing the catalogue object would put every code of
 * the product into the first load (it grows with each feature; pairing added twenty).
 */
const ErrorCode: Pick<
  typeof Catalogue,
  | 'emptyField'
  | 'wrongOneTimePasscode'
  | 'oneTimePasscodeSent'
  | 'noRegisteredPhone'
  | 'oneTimePasscodeUndeliverable'
  | 'projectNotFound'
  | 'notOfEnterprise'
> = {
  emptyField: 1000,
  notOfEnterprise: 2004,
  wrongOneTimePasscode: 2002,
  oneTimePasscodeSent: 3057,
  noRegisteredPhone: 3058,
  oneTimePasscodeUndeliverable: 3103,
  projectNotFound: 2304,
};

export function interpretLoginError(error: unknown): LoginFailure {
  if (!(error instanceof ApiError)) return { kind: 'other', error };
  const otp = error.fields.oneTimePasscode ?? [];
  if (otp.includes(ErrorCode.emptyField)) return { kind: 'code-already-sent' };
  if (otp.includes(ErrorCode.wrongOneTimePasscode)) return { kind: 'code-incorrect' };
  if (error.code === String(ErrorCode.oneTimePasscodeSent)) return { kind: 'code-sent' };
  if (error.code === String(ErrorCode.notOfEnterprise)) return { kind: 'not-belong' };
  const notCredentials = [
    '429',
    '500',
    '403',
    'network',
    'timeout',
    String(ErrorCode.noRegisteredPhone),
    String(ErrorCode.oneTimePasscodeUndeliverable),
    String(ErrorCode.projectNotFound),
  ];
  if (notCredentials.includes(error.code)) return { kind: 'other', error };
  return { kind: 'invalid-password' };
}
