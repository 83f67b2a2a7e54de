import { ownValue } from '../../schemas/own-keys';
import type { ProjectConfig, TrackPoint } from '../../schemas/project-config';
import type { OwnedProject } from './access';
import { fillTemplate, templateValues, type MessageBarcode } from './message-template';

type MessageProject = OwnedProject & { config: ProjectConfig };

/** A route notification to store on the barcode and send: what it says and to whom. */
export interface ArrivalNotification {
  subject: string;
  /** HTML: the values in it are escaped. */
  body: string;
  mobileAlertDurationByMinutes: number | null;
  emails: string[];
  /** Phone numbers with their country code: an SMS carries the (plain-text) subject only. */
  phones: string[];
}

/**
 * What a barcode reaching `point` (activated there or tracked to it) announces: nothing when the
 * trackpoint has no routeNotification; else its template filled for the barcode, for each of the
 * type's trackPointRouteNotifications destinations.
 */
export function arrivalNotification(
  project: MessageProject,
  barcode: MessageBarcode,
  point: TrackPoint,
): ArrivalNotification | null {
  const template = point.routeNotification;
  if (!template) return null;
  const values = templateValues(project, barcode, point);
  const destinations = barcode.barcode_type
    ? ownValue(project.config.barcodeTypes, barcode.barcode_type)?.trackPointRouteNotifications
    : undefined;
  return {
    subject: fillTemplate(template.subject, values, false),
    body: fillTemplate(template.body, values, true),
    mobileAlertDurationByMinutes: template.mobileAlertDurationByMinutes ?? null,
    emails: destinations?.emailDestinations ?? [],
    phones: (destinations?.smsDestinations ?? []).map((phone) => `${phone.countryCode}${phone.number}`),
  };
}

/**
 * A template filled for the barcode at its current trackpoint, the way a route notification
 * would be (values HTML-escaped): POST /barcode/compile-message.
 */
export function compiledMessage(
  project: MessageProject,
  barcode: MessageBarcode & { current_track_point_key: string | null },
  template: string,
): string {
  const type = barcode.barcode_type ? ownValue(project.config.barcodeTypes, barcode.barcode_type) : undefined;
  const point = type?.trackPoints.find((t) => t.key === barcode.current_track_point_key);
  return fillTemplate(template, templateValues(project, barcode, point), true);
}
