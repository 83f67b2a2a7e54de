import { describe, expect, it } from 'vitest';
import { refreshOutcome, ROTATION_GRACE_SECONDS } from '../../../server/rules/sessions';

const DEVICE = 'visitor-test-0001';
const unspent = { visitor_id: DEVICE, expired: false, revoked: false, rotated_seconds_ago: null };

describe('presenting a refresh token', () => {
  it('rotates an unspent token of a live session on the same device', () => {
    expect(refreshOutcome(unspent, DEVICE)).toBe('rotate');
  });

  it('is refused for an unknown, expired or revoked token, or from another device', () => {
    expect(refreshOutcome(undefined, DEVICE)).toBe('refuse');
    expect(refreshOutcome({ ...unspent, expired: true }, DEVICE)).toBe('refuse');
    expect(refreshOutcome({ ...unspent, revoked: true }, DEVICE)).toBe('refuse');
    expect(refreshOutcome(unspent, 'another-device-01')).toBe('refuse');
  });

  it('is refused for a spent token within the grace period: two tabs refreshing at once', () => {
    expect(refreshOutcome({ ...unspent, rotated_seconds_ago: 0 }, DEVICE)).toBe('refuse');
    expect(refreshOutcome({ ...unspent, rotated_seconds_ago: ROTATION_GRACE_SECONDS }, DEVICE)).toBe('refuse');
  });

  it('revokes the session for a spent token presented after the grace period: it was copied', () => {
    expect(ROTATION_GRACE_SECONDS).toBe(30);
    expect(refreshOutcome({ ...unspent, rotated_seconds_ago: 30.5 }, DEVICE)).toBe('revoke');
    expect(refreshOutcome({ ...unspent, rotated_seconds_ago: 3600, revoked: true }, DEVICE)).toBe('refuse');
  });
});
