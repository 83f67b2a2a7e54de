import { Type, type Static } from 'typebox';
import { envelope } from '../common';
import { UUID_PATTERN_SOURCE } from '../validation';

/** How many days the activity chart covers, today included. */
export const ACTIVITY_DAYS = 30;

/** GET /barcode/activity: a project's activity over the last ACTIVITY_DAYS days of the caller's time zone. */
export const ActivityQuery = Type.Object(
  {
    projectId: Type.String({ pattern: UUID_PATTERN_SOURCE }),
    /** Hours east of UTC of the caller's days. */
    utcOffset: Type.Number({ minimum: -12, maximum: 14 }),
  },
  { additionalProperties: false },
);
export type ActivityQuery = Static<typeof ActivityQuery>;

const Count = Type.Integer({ minimum: 0 });

export const Activity = Type.Object({
  /** The days covered, oldest first (YYYY-MM-DD in the caller's time zone). */
  days: Type.Array(Type.String()),
  /** Steps made at each trackpoint (activations and tracking steps), one count per day of `days`; trackpoints with no step are left out. */
  trackPoints: Type.Array(Type.Object({ key: Type.String(), counts: Type.Array(Count) })),
  /** The key actions over the days: barcodes generated, activated, tracking steps, pairings. */
  totals: Type.Object({ generated: Count, activated: Count, tracked: Count, paired: Count }),
});
export type Activity = Static<typeof Activity>;

export const ActivityResponse = envelope(Activity);
