import { describe, expect, it } from 'vitest';
import { interpretLoginError } from '@/features/auth/api/authorize';
import { ApiError } from '@/shared/api/errors';
import { announceVersion, postponeUpdate, updateStore } from '@/shared/ui/update-events';

describe('login failures', () => {
  it.each([
    [new ApiError('fields', 400, { oneTimePasscode: [1000] }), 'code-already-sent'],
    [new ApiError('fields', 400, { oneTimePasscode: [2002] }), 'code-incorrect'],
    [new ApiError('3057', 400), 'code-sent'],
    [new ApiError('2001', 400), 'invalid-password'],
    [new ApiError('2004', 403), 'not-belong'],
    [new ApiError('fields', 400, { accessCode: [1001] }), 'invalid-password'],
    [new ApiError('429', 429, {}, 600), 'other'],
    [new ApiError('network', 0), 'other'],
    [new ApiError('500', 500), 'other'],
    [new ApiError('3103', 503), 'other'],
    [new ApiError('3058', 400), 'other'],
  ])('%o -> %s', (error, kind) => {
    expect(interpretLoginError(error).kind).toBe(kind);
  });
});

describe('update announcements', () => {
  it("shows the dialog, and after 'Later' stays quiet for 15 minutes", () => {
    const now = 1_000_000;
    announceVersion('1.45.0', false, now);
    expect(updateStore.get()).toEqual({ latestVersion: '1.45.0', forced: false });
    postponeUpdate(now);
    expect(updateStore.get()).toBeNull();
    announceVersion('1.45.0', false, now + 14 * 60_000);
    expect(updateStore.get()).toBeNull();
    announceVersion('1.45.0', false, now + 15 * 60_000 + 1);
    expect(updateStore.get()).toEqual({ latestVersion: '1.45.0', forced: false });
  });

  it('a forced upgrade ignores a postponed reminder', () => {
    const now = 5_000_000;
    updateStore.set(null);
    postponeUpdate(now);
    announceVersion('2.0.0', true, now + 1000);
    expect(updateStore.get()).toEqual({ latestVersion: '2.0.0', forced: true });
  });
});
