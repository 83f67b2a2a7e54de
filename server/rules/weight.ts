import { ErrorCode } from '../../schemas/error-codes';
import type { ProjectConfig } from '../../schemas/project-config';
import { type ApiFailure, commonFailure, fieldFailure } from './api-failure';

/** A reading older than this is stale: the form is not filled from it. */
export const WEIGHT_READING_MAX_AGE_MINUTES = 10;

/** A scale posts at one of the project's trackpoints, of any barcode type. */
export function assertProjectTrackPoint(config: ProjectConfig, trackPointKey: string): void {
  const known = Object.values(config.barcodeTypes).some((type) =>
    type.trackPoints.some((point) => point.key === trackPointKey),
  );
  if (!known) throw fieldFailure('trackPointKey', ErrorCode.invalidKey);
}

/**
 * No reading younger than WEIGHT_READING_MAX_AGE_MINUTES: 400 `{ errors: { $common: [404] } }`
 * (the client says 'Failed to fetch weight measurement').
 */
export const noRecentReading = (): ApiFailure => commonFailure(404);
