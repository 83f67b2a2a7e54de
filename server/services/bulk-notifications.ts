import { ownValue } from '../../schemas/own-keys';
import type { Queryable } from '../db/database';
import { newId } from '../infra/ids';
import { sendAll, type OutgoingMessage } from '../infra/outbox';
import type { BarcodeRow } from '../repositories/barcodes';
import { findBarcodes } from '../repositories/bulk';
import { insertNotifications, type NewNotification } from '../repositories/notifications';
import type { ProjectRow } from '../repositories/projects';
import { arrivalNotification } from '../rules/notifications';

/** Outbox rows per statement: well under PostgreSQL's 65,535 parameters (5 a message). */
const MESSAGES_PER_INSERT = 1000;

/**
 * Many barcodes reached `trackPointKey` in one bulk step: what `notifyArrival` does for one
 * (a notification on each barcode, an e-mail / SMS to each of its type's destinations), in a
 * few statements instead of three per barcode. Runs in the step's transaction.
 */
export async function notifyArrivals(
  tx: Queryable,
  project: ProjectRow,
  barcodeIds: readonly string[],
  trackPointKey: string,
): Promise<void> {
  const types = project.config.barcodeTypes;
  const pointOf = (type: string | null) =>
    type ? ownValue(types, type)?.trackPoints.find((t) => t.key === trackPointKey) : undefined;
  if (!Object.keys(types).some((type) => pointOf(type)?.routeNotification)) return;
  const notifications: NewNotification[] = [];
  const messages: OutgoingMessage[] = [];
  for (const row of await findBarcodes<BarcodeRow>(tx, barcodeIds)) {
    const point = pointOf(row.barcode_type);
    const notification = point ? arrivalNotification(project, row, point) : null;
    if (!point || !notification) continue;
    notifications.push({
      id: newId(),
      barcodeId: row.id,
      cycle: row.cycle,
      trackPointKey: point.key,
      subject: notification.subject,
      body: notification.body,
      mobileAlertDurationMinutes: notification.mobileAlertDurationByMinutes,
    });
    messages.push(
      ...notification.emails.map((destination) => ({
        channel: 'email' as const,
        destination,
        subject: notification.subject,
        body: notification.body,
      })),
      ...notification.phones.map((destination) => ({
        channel: 'sms' as const,
        destination,
        body: notification.subject,
      })),
    );
  }
  await insertNotifications(tx, notifications);
  for (let i = 0; i < messages.length; i += MESSAGES_PER_INSERT)
    await sendAll(tx, messages.slice(i, i + MESSAGES_PER_INSERT));
}
