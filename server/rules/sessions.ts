/** A refresh token as presented: its session's device, and whether it expired, was revoked or already spent. */
export interface PresentedRefreshToken {
  visitor_id: string;
  expired: boolean;
  revoked: boolean;
  /** Seconds since the token was spent (rotated), null while it is unspent. */
  rotated_seconds_ago: number | null;
}

/** A refresh token presented again within this many seconds of its rotation is a race between tabs, not theft. */
export const ROTATION_GRACE_SECONDS = 30;

/**
 * What presenting a refresh token leads to (docs/engineers/api.md, "Sessions"): 'rotate' (the token
 * is spent and a new pair issued) for an unexpired, unspent token of an unrevoked session on the
 * same device (visitorId); 'revoke' for a spent token presented again after the grace period, which
 * means it was copied; 'refuse' (401) for anything else.
 */
export function refreshOutcome(
  token: PresentedRefreshToken | undefined,
  visitorId: string,
): 'rotate' | 'revoke' | 'refuse' {
  if (!token || token.expired || token.revoked || token.visitor_id !== visitorId) return 'refuse';
  if (token.rotated_seconds_ago === null) return 'rotate';
  return token.rotated_seconds_ago > ROTATION_GRACE_SECONDS ? 'revoke' : 'refuse';
}
