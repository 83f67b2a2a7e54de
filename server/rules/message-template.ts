import { ownValue } from '../../schemas/own-keys';
import type { ProjectConfig, TrackPoint } from '../../schemas/project-config';
import type { OwnedProject } from './access';
import { visibleActivationData, type ActivatedBarcode } from './visibility';

/** A barcode as a message names it. */
export interface MessageBarcode extends ActivatedBarcode {
  id: string;
  external_id: string | null;
  tracking_number: string | null;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.]*)\s*\}\}/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ownValue(HTML_ESCAPES, c) ?? c);

// The order parts of an address or a dimension are read in (stored jsonb does not keep key order).
const PART_ORDER = [
  'companyName',
  'address1',
  'address2',
  'prefecture',
  'postalCode',
  'country',
  'phoneNumber',
  'height',
  'width',
  'depth',
];
const partRank = (key: string): number => (PART_ORDER.includes(key) ? PART_ORDER.indexOf(key) : PART_ORDER.length);

/** A stored value as a reader sees it in a message: lists joined with commas, objects (addresses, dimensions) by their parts. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const parts = Object.entries(value).sort(([a], [b]) => partRank(a) - partRank(b) || a.localeCompare(b));
    return parts
      .map(([, part]) => asText(part))
      .filter(Boolean)
      .join(' ');
  }
  return String(value);
}

/**
 * The placeholder values for a barcode at a trackpoint. Activation fields are limited to what a
 * visitor may see (`field.<key>`): messages leave the enterprise by e-mail and SMS, so hidden and
 * visible-when-logged-in values never go into them. Names are in English, like the demo templates.
 */
export function templateValues(
  project: OwnedProject & { config: ProjectConfig },
  row: MessageBarcode,
  point: TrackPoint | undefined,
): Record<string, string> {
  const type = row.barcode_type ? ownValue(project.config.barcodeTypes, row.barcode_type) : undefined;
  const fields = Object.entries(visibleActivationData(project, row, null) ?? {}).map(([key, value]) => [
    `field.${key}`,
    asText(value),
  ]);
  return {
    barcodeId: row.id,
    externalId: row.external_id ?? '',
    trackingNumber: row.tracking_number ?? '',
    barcodeType: type?.name.en ?? '',
    trackPoint: point?.name.en ?? '',
    trackPointKey: point?.key ?? '',
    ...Object.fromEntries(fields),
  };
}

/**
 * Fills `{{name}}` placeholders. With `html` the values are escaped (the template itself is
 * taken verbatim from the configuration: the client sanitises the result before showing it).
 * A `field.<key>` without a value the message may carry (empty, hidden or not a field) becomes
 * empty; any other unknown placeholder is left as written, so a typo shows instead of vanishing.
 */
export function fillTemplate(template: string, values: Record<string, string>, html: boolean): string {
  return template.replace(PLACEHOLDER, (whole: string, name: string) => {
    // A name every object inherits ({{constructor}}) is no placeholder either: unknown, as written.
    const value = ownValue(values, name);
    if (value === undefined) return name.startsWith('field.') ? '' : whole;
    return html ? escapeHtml(value) : value;
  });
}
