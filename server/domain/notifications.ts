import type { CompileMessageBody, Notification } from '../../schemas/api/barcode';
import { ErrorCode } from '../../schemas/error-codes';
import type { TrackPoint } from '../../schemas/project-config';
import type { Queryable } from '../db/database';
import { belongsTo, displayLabel, loadBarcode, type BarcodeRow } from './barcodes';
import type { ServerContext } from '../context';
import { commonFailure } from '../rules/api-failure';
import { newId } from '../infra/ids';
import { fillTemplate, templateValues } from './message-template';
import { sendEmail, sendSms } from '../infra/outbox';
import type { ProjectRow, Viewer } from './projects';

/** How many notifications one list returns at most (a barcode meets a handful per trip). */
const NOTIFICATION_LIST_LIMIT = 100;

/**
 * A barcode reached `point` (activated there or tracked to it): when the trackpoint has a
 * routeNotification, the notification is stored on the barcode and an e-mail / SMS goes to each
 * of the type's trackPointRouteNotifications destinations. Runs in the caller's transaction, so
 * a step that is refused or rolled back notifies nobody.
 */
export async function notifyArrival(tx: Queryable, project: ProjectRow, barcodeId: string, point: TrackPoint): Promise<void> {
  const template = point.routeNotification;
  if (!template) return;
  const row = (await tx.query<BarcodeRow>('select * from barcodes where id = $1', [barcodeId])).rows[0];
  if (!row) return;
  const values = templateValues(project, row, point);
  const subject = fillTemplate(template.subject, values, false);
  const body = fillTemplate(template.body, values, true);
  await tx.query(
    `insert into notifications (id, barcode_id, cycle, track_point_key, subject, body, mobile_alert_duration_minutes)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [newId(), row.id, row.cycle, point.key, subject, body, template.mobileAlertDurationByMinutes ?? null],
  );
  const destinations = row.barcode_type ? project.config.barcodeTypes[row.barcode_type]?.trackPointRouteNotifications : undefined;
  for (const email of destinations?.emailDestinations ?? []) await sendEmail(tx, email, subject, body);
  // An SMS cannot carry HTML: it gets the (plain-text) subject.
  for (const phone of destinations?.smsDestinations ?? []) await sendSms(tx, `${phone.countryCode}${phone.number}`, subject);
}

interface NotificationRow {
  id: string;
  barcode_id: string;
  external_id: string | null;
  subject: string;
  body: string;
  displayed_at: Date | string;
  mobile_alert_duration_minutes: number | null;
}

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  barcodeId: r.barcode_id,
  barcode: displayLabel({ id: r.barcode_id, external_id: r.external_id }),
  subject: r.subject,
  body: r.body,
  displayedDateTime: new Date(r.displayed_at).toISOString(),
  mobileAlertDurationByMinutes: r.mobile_alert_duration_minutes,
});

// Only notifications of each barcode's present cycle: those from before a recycle belong to its previous trip.
const SELECT_NOTIFICATIONS = `select n.id, n.barcode_id, b.external_id, n.subject, n.body, n.displayed_at, n.mobile_alert_duration_minutes
  from notifications n join barcodes b on b.id = n.barcode_id and b.cycle = n.cycle`;
const NEWEST_FIRST = 'order by n.displayed_at desc, n.created_at desc, n.id limit $2';

/**
 * GET /barcode/barcode-notifications: the barcode's notifications and those of every barcode
 * paired under it (children, their children...), newest first; for users of its enterprise.
 */
export async function barcodeNotifications(ctx: ServerContext, viewer: Viewer, barcodeId: string): Promise<{ current: Notification[]; descendants: Notification[] }> {
  const { project } = await loadBarcode(ctx.db, barcodeId);
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.forbidden, 403);
  const current = await ctx.db.query<NotificationRow>(`${SELECT_NOTIFICATIONS} where n.barcode_id = $1 ${NEWEST_FIRST}`, [barcodeId, NOTIFICATION_LIST_LIMIT]);
  // `union` (not `union all`) stops at a barcode already visited, so a faulty parent loop cannot run forever.
  const descendants = await ctx.db.query<NotificationRow>(
    `with recursive tree (id) as (
       select id from barcodes where parent_id = $1
       union select c.id from barcodes c join tree t on c.parent_id = t.id
     )
     ${SELECT_NOTIFICATIONS} join tree on tree.id = n.barcode_id where n.barcode_id <> $1 ${NEWEST_FIRST}`,
    [barcodeId, NOTIFICATION_LIST_LIMIT],
  );
  return { current: current.rows.map(toNotification), descendants: descendants.rows.map(toNotification) };
}

/**
 * POST /barcode/compile-message: a template filled for the barcode at its current trackpoint,
 * the way a route notification would be (values HTML-escaped); for users of its enterprise.
 */
export async function compileMessage(ctx: ServerContext, viewer: Viewer, body: CompileMessageBody): Promise<string> {
  const { row, project } = await loadBarcode(ctx.db, body.barcodeId);
  if (!belongsTo(viewer, project)) throw commonFailure(ErrorCode.forbidden, 403);
  const type = row.barcode_type ? project.config.barcodeTypes[row.barcode_type] : undefined;
  const point = type?.trackPoints.find((t) => t.key === row.current_track_point_key);
  return fillTemplate(body.template, templateValues(project, row, point), true);
}
