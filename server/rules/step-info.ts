import { COUNTRY_CODES } from '../../schemas/countries';
import { ErrorCode } from '../../schemas/error-codes';
import type { TrackPoint } from '../../schemas/project-config';
import { commonFailure, fieldFailure } from './api-failure';

/** Addresses and package information given with an activation or a tracking step. */
export interface StepInfo {
  origin?: Record<string, unknown>;
  destination?: Record<string, unknown>;
  dimension?: Record<string, unknown>;
  weight?: number;
}

const COUNTRIES: ReadonlySet<unknown> = new Set(COUNTRY_CODES);

/**
 * Throws 3003 when a trackpoint requires origin, destination or package information that is
 * missing, and 2201 (on `origin.country` / `destination.country`) for a country that is not
 * one of the ISO alpha-3 codes of spec section 3.
 */
export function assertRequiredInfo(point: TrackPoint, info: StepInfo): void {
  const missing = (point.requireOrigin && !info.origin) || (point.requireDestination && !info.destination)
    || (point.requirePackageInfo && (!info.dimension || info.weight === undefined));
  if (missing) throw commonFailure(ErrorCode.insufficientInfoToStart);
  for (const side of ['origin', 'destination'] as const) {
    const country = info[side]?.country;
    if (country !== undefined && !COUNTRIES.has(country)) throw fieldFailure(`${side}.country`, ErrorCode.invalidCountry);
  }
}

/** The step's addresses and package information, as stored (absent ones left out). */
export function stepInfo(info: StepInfo): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ origin: info.origin, destination: info.destination, dimension: info.dimension, weight: info.weight }).filter(([, v]) => v !== undefined));
}
