import type { Queryable } from '../db/database';

/** A scale's reading to store. */
export interface NewWeightReading {
  id: string;
  projectId: string;
  trackPointKey: string;
  weight: number;
  deviceId: string;
  userId: string;
}

export async function insertWeightReading(db: Queryable, reading: NewWeightReading): Promise<void> {
  const r = reading;
  await db.query(
    'insert into weight_readings (id, project_id, track_point_key, weight, device_id, user_id) values ($1, $2, $3, $4, $5, $6)',
    [r.id, r.projectId, r.trackPointKey, r.weight, r.deviceId, r.userId],
  );
}

/** The latest reading at the project's trackpoint from the last `maxAgeMinutes` minutes. */
export async function findLatestReading(
  db: Queryable,
  projectId: string,
  trackPointKey: string,
  maxAgeMinutes: number,
): Promise<{ weight: number; measured_at: Date | string } | undefined> {
  const { rows } = await db.query<{ weight: number; measured_at: Date | string }>(
    `select weight, measured_at from weight_readings
      where project_id = $1 and track_point_key = $2 and measured_at > now() - make_interval(mins => $3)
      order by measured_at desc limit 1`,
    [projectId, trackPointKey, maxAgeMinutes],
  );
  return rows[0];
}
