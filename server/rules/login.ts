import { ErrorCode } from '../../schemas/error-codes';
import type { ProjectConfig } from '../../schemas/project-config';
import type { ProvenFactors } from './access';
import { type ApiFailure, commonFailure, fieldFailure } from './api-failure';

type LoginSettings = Pick<ProjectConfig, 'requirePassword' | 'allowUserSelfRegister'>;

/**
 * Whether a login's credentials are right: some user has the access code, and when the project
 * requires a password, that user has one set and the typed one matched it.
 */
export function credentialsValid(
  settings: Pick<LoginSettings, 'requirePassword'>,
  user: { password_hash: string | null } | undefined,
  passwordMatches: boolean,
): boolean {
  if (!user) return false;
  return !settings.requirePassword || (user.password_hash !== null && passwordMatches);
}

/**
 * Where this server's one-time codes go: to phones through an SMS provider, to the log (the
 * embedded demo, where OUTBOX_CONSOLE or EXPOSE_OUTBOX show them), or nowhere (a production
 * server without a provider).
 */
export type OneTimeCodeDelivery = 'provider' | 'log' | 'none';

export function codeDelivery(smsProvider: boolean, production: boolean): OneTimeCodeDelivery {
  if (smsProvider) return 'provider';
  return production ? 'none' : 'log';
}

/** A code that would reach nobody is not sent: the login is refused at once, saying why. */
export function assertCodesDeliverable(delivery: OneTimeCodeDelivery | undefined): void {
  if (delivery === 'none') throw commonFailure(ErrorCode.oneTimePasscodeUndeliverable, 503);
}

/** The user is not of the project's enterprise: no session is issued (ErrorCode.notOfEnterprise). */
export const notOfEnterprise = (): ApiFailure => commonFailure(ErrorCode.notOfEnterprise, 403);

/**
 * What a successful login to a project proved beyond the access code: exactly what the project
 * asked for, as nothing else was checked.
 */
export const provenByLogin = (
  settings: Pick<ProjectConfig, 'requirePassword' | 'requireOneTimePasscode'>,
): ProvenFactors => ({
  password: settings.requirePassword,
  oneTimePasscode: settings.requireOneTimePasscode,
});

/** Wrong credentials: one ErrorCode.wrongPassword whatever part was wrong, so nothing tells an attacker which. */
export const wrongCredentials = (): ApiFailure => commonFailure(ErrorCode.wrongPassword);

/**
 * Whether a carrier may register into the project: only where self-registration is allowed,
 * and with a password where the project requires one.
 */
export function assertMayRegister(settings: LoginSettings, password: string | undefined): void {
  if (!settings.allowUserSelfRegister) throw commonFailure(ErrorCode.selfRegistrationNotAllowed);
  if (settings.requirePassword && !password) throw fieldFailure('password', ErrorCode.emptyField);
}

/** The organization self-registered carriers join, one per enterprise. */
export const carrierOrganizationName = (enterpriseName: string): string => `${enterpriseName} carriers`;

/** What a login with a one-time code does next: send a new code, count a wrong one, or go on. */
export type PasscodeStep = 'send' | 'wrong' | 'accept';

/** The one-time code pending for the user, as the rule reads it. */
export interface PendingPasscode {
  /** Whether the typed code is this one. */
  matches: boolean;
}

/**
 * The second factor, after the access code (and password) were right:
 * - no code typed, one pending: ErrorCode.emptyField on oneTimePasscode ('confirm code already sent');
 * - no code typed, none pending: 'send' a code to the registered phone (ErrorCode.noRegisteredPhone without one);
 * - a code typed that is not the pending one (or none is pending): 'wrong';
 * - the pending code typed: 'accept'.
 */
export function passcodeStep(
  typed: string | undefined,
  pending: PendingPasscode | undefined,
  hasPhone: boolean,
): PasscodeStep {
  if (typed === undefined) {
    if (pending) throw fieldFailure('oneTimePasscode', ErrorCode.emptyField);
    if (!hasPhone) throw commonFailure(ErrorCode.noRegisteredPhone);
    return 'send';
  }
  return pending?.matches ? 'accept' : 'wrong';
}

/** A code was sent to the phone: not an error, the client asks for the code. */
export const passcodeSent = (): ApiFailure => commonFailure(ErrorCode.oneTimePasscodeSent);

export const wrongPasscode = (): ApiFailure => fieldFailure('oneTimePasscode', ErrorCode.wrongOneTimePasscode);
