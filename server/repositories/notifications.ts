import type { Queryable } from '../db/database';

/** A stored route notification with its barcode's external id. */
export interface NotificationRow {
  id: string;
  barcode_id: string;
  external_id: string | null;
  subject: string;
  body: string;
  displayed_at: Date | string;
  mobile_alert_duration_minutes: number | null;
}

/** A notification to store on a barcode, for its present cycle (trip). */
export interface NewNotification {
  id: string;
  barcodeId: string;
  cycle: number;
  trackPointKey: string;
  subject: string;
  body: string;
  mobileAlertDurationMinutes: number | null;
}

export async function insertNotification(db: Queryable, notification: NewNotification): Promise<void> {
  const n = notification;
  await db.query(
    `insert into notifications (id, barcode_id, cycle, track_point_key, subject, body, mobile_alert_duration_minutes)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [n.id, n.barcodeId, n.cycle, n.trackPointKey, n.subject, n.body, n.mobileAlertDurationMinutes],
  );
}

/** Stores several notifications in one statement (bulk tracking: one per barcode tracked). */
export async function insertNotifications(db: Queryable, list: readonly NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  await db.query(
    `insert into notifications (id, barcode_id, cycle, track_point_key, subject, body, mobile_alert_duration_minutes)
     select * from unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[])`,
    [
      list.map((n) => n.id),
      list.map((n) => n.barcodeId),
      list.map((n) => n.cycle),
      list.map((n) => n.trackPointKey),
      list.map((n) => n.subject),
      list.map((n) => n.body),
      list.map((n) => n.mobileAlertDurationMinutes),
    ],
  );
}

// Only notifications of each barcode's present cycle: those from before a recycle belong to its previous trip.
const SELECT_NOTIFICATIONS = `select n.id, n.barcode_id, b.external_id, n.subject, n.body, n.displayed_at, n.mobile_alert_duration_minutes
  from notifications n join barcodes b on b.id = n.barcode_id and b.cycle = n.cycle`;
const NEWEST_FIRST = 'order by n.displayed_at desc, n.created_at desc, n.id limit $2';

/** The barcode's own notifications, newest first, at most `limit`. */
export async function findNotifications(db: Queryable, barcodeId: string, limit: number): Promise<NotificationRow[]> {
  return (
    await db.query<NotificationRow>(`${SELECT_NOTIFICATIONS} where n.barcode_id = $1 ${NEWEST_FIRST}`, [
      barcodeId,
      limit,
    ])
  ).rows;
}

/** The notifications of every barcode paired under this one (children, their children...), newest first, at most `limit`. */
export async function findDescendantNotifications(
  db: Queryable,
  barcodeId: string,
  limit: number,
): Promise<NotificationRow[]> {
  // `union` (not `union all`) stops at a barcode already visited, so a faulty parent loop cannot run forever.
  const { rows } = await db.query<NotificationRow>(
    `with recursive tree (id) as (
       select id from barcodes where parent_id = $1
       union select c.id from barcodes c join tree t on c.parent_id = t.id
     )
     ${SELECT_NOTIFICATIONS} join tree on tree.id = n.barcode_id where n.barcode_id <> $1 ${NEWEST_FIRST}`,
    [barcodeId, limit],
  );
  return rows;
}
