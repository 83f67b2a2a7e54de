import { describe, expect, it } from 'vitest';
import {
  assertCodesDeliverable,
  assertMayRegister,
  codeDelivery,
  carrierOrganizationName,
  credentialsValid,
  notOfEnterprise,
  passcodeSent,
  provenByLogin,
  passcodeStep,
  wrongCredentials,
  wrongPasscode,
} from '../../../server/rules/login';
import { answer, common, onField } from './fixtures';

const withPassword = { requirePassword: true };
const withoutPassword = { requirePassword: false };
const user = { password_hash: 'scrypt$...' };

describe('what a login proved', () => {
  it('is exactly what the project asked for, so a laxer project proves nothing more', () => {
    expect(provenByLogin({ requirePassword: true, requireOneTimePasscode: true })).toEqual({
      password: true,
      oneTimePasscode: true,
    });
    expect(provenByLogin({ requirePassword: true, requireOneTimePasscode: false })).toEqual({
      password: true,
      oneTimePasscode: false,
    });
    expect(provenByLogin({ requirePassword: false, requireOneTimePasscode: true })).toEqual({
      password: false,
      oneTimePasscode: true,
    });
    expect(provenByLogin({ requirePassword: false, requireOneTimePasscode: false })).toEqual({
      password: false,
      oneTimePasscode: false,
    });
  });

  it('refuses a user of another enterprise with 403 and its own code, so no session is issued', () => {
    expect(
      answer(() => {
        throw notOfEnterprise();
      }),
    ).toEqual(common(2004, 403));
  });
});

describe('login credentials', () => {
  it('are right with a known access code where no password is required, whatever was typed', () => {
    expect(credentialsValid(withoutPassword, user, false)).toBe(true);
    expect(credentialsValid(withoutPassword, { password_hash: null }, false)).toBe(true);
  });

  it('need the matching password where the project requires one', () => {
    expect(credentialsValid(withPassword, user, true)).toBe(true);
    expect(credentialsValid(withPassword, user, false)).toBe(false);
  });

  it('are wrong for a user without a password where one is required, and for an unknown access code', () => {
    expect(credentialsValid(withPassword, { password_hash: null }, true)).toBe(false);
    expect(credentialsValid(withoutPassword, undefined, true)).toBe(false);
    expect(credentialsValid(withPassword, undefined, true)).toBe(false);
  });

  it('are refused with one 2001, whichever part was wrong', () => {
    expect(
      answer(() => {
        throw wrongCredentials();
      }),
    ).toEqual(common(2001));
  });
});

describe('self-registration', () => {
  it('is refused where the project does not allow it (3060)', () => {
    expect(
      answer(() => assertMayRegister({ allowUserSelfRegister: false, requirePassword: false }, 'Passw0rd1')),
    ).toEqual(common(3060));
  });

  it('needs a password where the project requires one (1000 on password)', () => {
    expect(answer(() => assertMayRegister({ allowUserSelfRegister: true, requirePassword: true }, undefined))).toEqual(
      onField('password', 1000),
    );
    expect(answer(() => assertMayRegister({ allowUserSelfRegister: true, requirePassword: true }, ''))).toEqual(
      onField('password', 1000),
    );
    expect(answer(() => assertMayRegister({ allowUserSelfRegister: true, requirePassword: true }, 'Passw0rd1'))).toBe(
      'passed',
    );
    expect(answer(() => assertMayRegister({ allowUserSelfRegister: true, requirePassword: false }, undefined))).toBe(
      'passed',
    );
  });

  it('puts carriers in one organization per enterprise', () => {
    expect(carrierOrganizationName('FrostLine Pharma')).toBe('FrostLine Pharma carriers');
  });
});

describe('the one-time code', () => {
  it('is sent when none was typed and none is pending, to a registered phone only (3058)', () => {
    expect(passcodeStep(undefined, undefined, true)).toBe('send');
    expect(answer(() => passcodeStep(undefined, undefined, false))).toEqual(common(3058));
    expect(
      answer(() => {
        throw passcodeSent();
      }),
    ).toEqual(common(3057));
  });

  it('is asked for when one is pending and none was typed (1000 on oneTimePasscode)', () => {
    expect(answer(() => passcodeStep(undefined, { matches: false }, true))).toEqual(onField('oneTimePasscode', 1000));
    expect(answer(() => passcodeStep(undefined, { matches: false }, false))).toEqual(onField('oneTimePasscode', 1000));
  });

  it('is accepted when the pending one is typed, and wrong otherwise (2002)', () => {
    expect(passcodeStep('123456', { matches: true }, true)).toBe('accept');
    expect(passcodeStep('123456', { matches: false }, true)).toBe('wrong');
    expect(passcodeStep('123456', undefined, true)).toBe('wrong');
    expect(
      answer(() => {
        throw wrongPasscode();
      }),
    ).toEqual(onField('oneTimePasscode', 2002));
  });
});

describe('where one-time codes go', () => {
  it('to a provider when one is set, else to the log, except on a production server: nowhere', () => {
    expect(codeDelivery(true, true)).toBe('provider');
    expect(codeDelivery(true, false)).toBe('provider');
    expect(codeDelivery(false, false)).toBe('log');
    expect(codeDelivery(false, true)).toBe('none');
  });

  it('refuses a login whose code would reach nobody with 503, and lets the others through', () => {
    expect(answer(() => assertCodesDeliverable('none'))).toEqual(common(3103, 503));
    for (const delivery of ['provider', 'log', undefined] as const)
      expect(() => assertCodesDeliverable(delivery)).not.toThrow();
  });
});
