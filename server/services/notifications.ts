import type { CompileMessageBody, Notification } from '../../schemas/api/barcode';
import type { TrackPoint } from '../../schemas/project-config';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import { newId } from '../infra/ids';
import { sendAll } from '../infra/outbox';
import { findBarcode } from '../repositories/barcodes';
import * as notifications from '../repositories/notifications';
import type { NotificationRow } from '../repositories/notifications';
import type { ProjectRow } from '../repositories/projects';
import { assertMember, type Viewer } from '../rules/access';
import { displayLabel } from '../rules/barcodes';
import { arrivalNotification, compiledMessage } from '../rules/notifications';
import { loadBarcode } from './barcodes';

/** How many notifications one list returns at most (a barcode meets a handful per trip). */
const NOTIFICATION_LIST_LIMIT = 100;

/**
 * A barcode reached `point` (activated there or tracked to it): when the trackpoint has a
 * routeNotification, the notification is stored on the barcode and an e-mail / SMS goes to each
 * of the type's trackPointRouteNotifications destinations. Runs in the caller's transaction, so
 * a step that is refused or rolled back notifies nobody.
 */
export async function notifyArrival(
  tx: Queryable,
  project: ProjectRow,
  barcodeId: string,
  point: TrackPoint,
): Promise<void> {
  // Most trackpoints have none: the barcode is read only when there is something to send.
  if (!point.routeNotification) return;
  const row = await findBarcode(tx, barcodeId);
  const notification = row ? arrivalNotification(project, row, point) : null;
  if (!row || !notification) return;
  await notifications.insertNotification(tx, {
    id: newId(),
    barcodeId: row.id,
    cycle: row.cycle,
    trackPointKey: point.key,
    subject: notification.subject,
    body: notification.body,
    mobileAlertDurationMinutes: notification.mobileAlertDurationByMinutes,
  });
  await sendAll(tx, [
    ...notification.emails.map((destination) => ({
      channel: 'email' as const,
      destination,
      subject: notification.subject,
      body: notification.body,
    })),
    ...notification.phones.map((destination) => ({ channel: 'sms' as const, destination, body: notification.subject })),
  ]);
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

/**
 * GET /barcode/barcode-notifications: the barcode's notifications and those of every barcode
 * paired under it (children, their children...), newest first; for users of its enterprise.
 */
export async function barcodeNotifications(
  ctx: ServerContext,
  viewer: Viewer,
  barcodeId: string,
): Promise<{ current: Notification[]; descendants: Notification[] }> {
  const { project } = await loadBarcode(ctx.db, barcodeId);
  assertMember(viewer, project);
  const current = await notifications.findNotifications(ctx.db, barcodeId, NOTIFICATION_LIST_LIMIT);
  const descendants = await notifications.findDescendantNotifications(ctx.db, barcodeId, NOTIFICATION_LIST_LIMIT);
  return { current: current.map(toNotification), descendants: descendants.map(toNotification) };
}

/**
 * POST /barcode/compile-message: a template filled for the barcode at its current trackpoint,
 * the way a route notification would be (values HTML-escaped); for users of its enterprise.
 */
export async function compileMessage(ctx: ServerContext, viewer: Viewer, body: CompileMessageBody): Promise<string> {
  const { row, project } = await loadBarcode(ctx.db, body.barcodeId);
  assertMember(viewer, project);
  return compiledMessage(project, row, body.template);
}
