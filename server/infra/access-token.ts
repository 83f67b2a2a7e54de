import { createHmac } from 'node:crypto';
import { safeEqual } from './crypto';
import type { UserType } from '../../schemas/project-config';

/** What an access token says: who, in which session, what its login proved, until when. */
export interface AccessClaims {
  sub: string;
  sid: string;
  ut: UserType;
  /** The user's enterprise, so permission checks need no lookup. */
  eid: string;
  /** What the login proved beyond the access code (RFC 8176 names): `pwd` a password, `otp` a one-time code. */
  amr: ('pwd' | 'otp')[];
  exp: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Issues a compact signed token (`payload.signature`, both base64url). */
export function issueAccessToken(secret: string, claims: AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** Returns the claims of a valid, unexpired token, else null. */
export function readAccessToken(secret: string, token: string | undefined, nowSeconds: number): AccessClaims | null {
  if (!token) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(secret, payload))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
    return typeof claims.exp === 'number' && claims.exp > nowSeconds ? claims : null;
  } catch {
    return null;
  }
}
