import { ErrorCode } from '../../schemas/error-codes';
import type { EPCIS_BUSINESS_STEPS, ProjectConfig, TrackPoint } from '../../schemas/project-config';
import { isVisible } from '../../renderer';
import type { EpcisEntry } from '../rows/history';
import { fieldFailure } from './api-failure';
import { localDay } from './tracking-count';
import { epcOf, stockLocationUri, trackPointUri, vocabularyUri, type EpcisBase } from './epcis-identifiers';

/** The EPCIS 2.0 JSON-LD context GS1 publishes (named, never fetched: the document only refers to it). */
export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';

/** What the mapping needs besides the entry: where URIs start, the project, the related barcodes' external ids, which barcodes the document holds. */
export interface EpcisContext {
  base: EpcisBase;
  config: ProjectConfig;
  externalIdOf(barcodeId: string): string | null;
  /** Whether the barcode's own history is in the same document (its side of a pairing or link is then exported from there). */
  isExported(barcodeId: string): boolean;
  /** The eventID of an entry's event (`part`: an entry may give several), the same at every export. */
  eventIdOf(barcodeId: string, seq: number, part: number): string;
}

export type EpcisEvent = Record<string, unknown>;

const record = (data: unknown): Record<string, unknown> =>
  data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/** The activation field keys a member may see in every type that has them: hidden in any type keeps a key out of every export. */
function exportedActivationKeys(config: ProjectConfig): Set<string> {
  const fields = Object.values(config.barcodeTypes).flatMap((t) => t.activationFields ?? []);
  const hidden = new Set(fields.filter((f) => !isVisible(f, true)).map((f) => f.key));
  return new Set(fields.map((f) => f.key).filter((k) => !hidden.has(k)));
}

/** Temperature fields of a trackpoint's forms (number fields in °C a member may see), as `form.field` paths. */
function temperatureFields(config: ProjectConfig, trackPointKey: string): Set<string> {
  const paths = new Set<string>();
  for (const type of Object.values(config.barcodeTypes)) {
    for (const point of type.trackPoints.filter((p) => p.key === trackPointKey)) {
      for (const form of point.trackPointForms ?? []) {
        for (const field of form.customFields ?? []) {
          const unit = 'unitSuffix' in field ? String(field.unitSuffix ?? '') : '';
          if (field.type === 'number' && /°C|℃/.test(unit) && isVisible(field, true))
            paths.add(`${form.key}.${field.key}`);
        }
      }
    }
  }
  return paths;
}

/** Temperatures the step recorded, as one EPCIS sensor element (CEL), or nothing. */
function sensorElements(ctx: EpcisContext, entry: EpcisEntry): EpcisEvent {
  if (!entry.trackPointKey) return {};
  const wanted = temperatureFields(ctx.config, entry.trackPointKey);
  const forms = record(record(entry.data).forms);
  const reports = Object.entries(forms).flatMap(([form, values]) =>
    Object.entries(record(values))
      .filter(([field, value]) => wanted.has(`${form}.${field}`) && typeof value === 'number' && Number.isFinite(value))
      .map(([, value]) => ({ type: 'Temperature', value, uom: 'CEL', time: entry.createdAt })),
  );
  return reports.length > 0 ? { sensorElementList: [{ sensorReport: reports }] } : {};
}

/** The visible activation fields as instance/lot master data (`tt:<key>`). */
function ilmdOf(ctx: EpcisContext, entry: EpcisEntry): EpcisEvent {
  const keys = exportedActivationKeys(ctx.config);
  const ilmd = Object.fromEntries(
    Object.entries(record(entry.data))
      .filter(([k, v]) => keys.has(k) && v !== null && v !== undefined)
      .map(([k, v]) => [`tt:${k}`, v]),
  );
  return Object.keys(ilmd).length > 0 ? { ilmd } : {};
}

/** What every event has: its type, deterministic id, time (UTC), read point and business location. */
function common(ctx: EpcisContext, entry: EpcisEntry, type: string, part = 0): EpcisEvent {
  const point = entry.trackPointKey ? trackPointUri(ctx.base, entry.trackPointKey) : null;
  const location = entry.stockLocationId ? stockLocationUri(ctx.base, entry.stockLocationId) : point;
  return {
    type,
    eventID: ctx.eventIdOf(entry.barcodeId, entry.seq, part),
    eventTime: entry.createdAt,
    eventTimeZoneOffset: '+00:00',
    ...(point ? { readPoint: { id: point } } : {}),
    ...(location ? { bizLocation: { id: location } } : {}),
  };
}

const epc = (ctx: EpcisContext, barcodeId: string): string =>
  epcOf(ctx.base, { id: barcodeId, externalId: ctx.externalIdOf(barcodeId) });
const ownEpc = (ctx: EpcisContext, entry: EpcisEntry): string =>
  epcOf(ctx.base, { id: entry.barcodeId, externalId: entry.externalId });

/** Pairing: the parent's entry gives the AggregationEvent; a child's only when its parent is not in the document. */
function aggregation(ctx: EpcisContext, entry: EpcisEntry, action: 'ADD' | 'DELETE'): EpcisEvent[] {
  const d = record(entry.data);
  const bizStep = action === 'ADD' ? 'packing' : 'unpacking';
  const children = strings(d.childrenIds);
  if (children.length > 0)
    return [
      {
        ...common(ctx, entry, 'AggregationEvent'),
        action,
        bizStep,
        parentID: ownEpc(ctx, entry),
        childEPCs: children.map((c) => epc(ctx, c)),
      },
    ];
  const [parent] = strings(d.parentId);
  if (!parent || ctx.isExported(parent)) return [];
  return [
    {
      ...common(ctx, entry, 'AggregationEvent'),
      action,
      bizStep,
      parentID: epc(ctx, parent),
      childEPCs: [ownEpc(ctx, entry)],
    },
  ];
}

/**
 * Linking: the barcode linked to is the AssociationEvent's parent, the one that links its child.
 * A 'be-linked' entry (this barcode is the parent) gives one event with every child; a 'link-to'
 * entry (a child) gives one per parent that is not in the document.
 */
function association(ctx: EpcisContext, entry: EpcisEntry, action: 'ADD' | 'DELETE'): EpcisEvent[] {
  const d = record(entry.data);
  const others = strings(d.linkedBarcodeIds ?? d.linkedBarcodeId);
  const bizStep = action === 'ADD' ? 'assembling' : 'disassembling';
  if (d.direction === 'be-linked') {
    return others.length > 0
      ? [
          {
            ...common(ctx, entry, 'AssociationEvent'),
            action,
            bizStep,
            parentID: ownEpc(ctx, entry),
            childEPCs: others.map((c) => epc(ctx, c)),
          },
        ]
      : [];
  }
  return others
    .filter((parent) => !ctx.isExported(parent))
    .map((parent, i) => ({
      ...common(ctx, entry, 'AssociationEvent', i),
      action,
      bizStep,
      parentID: epc(ctx, parent),
      childEPCs: [ownEpc(ctx, entry)],
    }));
}

/** An ObjectEvent of the barcode itself. */
const objectEvent = (
  ctx: EpcisContext,
  entry: EpcisEntry,
  action: 'ADD' | 'OBSERVE' | 'DELETE',
  bizStep: string,
  extra: EpcisEvent = {},
): EpcisEvent => ({ ...common(ctx, entry, 'ObjectEvent'), action, epcList: [ownEpc(ctx, entry)], bizStep, ...extra });

/**
 * The CBV business step and disposition of a tracking step at a trackpoint, as its configuration
 * names them (`epcisBusinessStep`, `epcisDisposition`); a trackpoint that names no business step
 * gets `defaultBusinessStep`, and no disposition. A key shared by several types names one place:
 * the first type that sets it says.
 */
function trackingStep(
  config: ProjectConfig,
  trackPointKey: string | null,
): { bizStep: string; disposition: { disposition?: string } } {
  const placed = Object.values(config.barcodeTypes).flatMap((type) =>
    type.trackPoints
      .filter((point) => point.key === trackPointKey)
      .map((point) => ({ point, last: type.trackPoints.at(-1) === point })),
  );
  const points = placed.map((p) => p.point);
  const bizStep =
    points.find((p) => p.epcisBusinessStep)?.epcisBusinessStep ?? defaultBusinessStep(config, trackPointKey, placed);
  const disposition = points.find((p) => p.epcisDisposition)?.epcisDisposition;
  return { bizStep, disposition: disposition ? { disposition } : {} };
}

/**
 * The business step of a tracking step where the trackpoint names none, from what the
 * configuration says of the place (docs/engineers/standards.md), the first that holds: where the
 * trip ends (the project's end trackpoint, or the last trackpoint of every type that has it: a
 * place where some types go on is not the end) the goods are `receiving`; where a form records a transport leg (a GHG emission field) a carrier takes them,
 * `departing`; where the consignment's origin or destination address is asked it is `shipping`;
 * anywhere else the goods are `arriving`. `placed`: the trackpoints of every type with the key,
 * each with whether it is its type's last.
 */
export function defaultBusinessStep(
  config: Pick<ProjectConfig, 'endTrackPointKey'>,
  trackPointKey: string | null,
  placed: readonly { point: TrackPoint; last: boolean }[],
): (typeof EPCIS_BUSINESS_STEPS)[number] {
  if (trackPointKey === config.endTrackPointKey || (placed.length > 0 && placed.every((p) => p.last)))
    return 'receiving';
  const points = placed.map((p) => p.point);
  // An older configuration may leave out a trackpoint's forms or a form's fields.
  const transport = points.some((p) =>
    p.trackPointForms?.some((form) => form.customFields?.some((field) => field.type === 'ghgEmission')),
  );
  if (transport) return 'departing';
  if (points.some((p) => p.requireOrigin === true || p.requireDestination === true)) return 'shipping';
  return 'arriving';
}

/**
 * The EPCIS events of one history entry (docs/engineers/standards.md): activation is commissioning
 * (ADD, with the visible activation fields as ILMD), a tracking step or its correction an OBSERVE
 * at the trackpoint with the business step and disposition it configures (temperatures as sensor reports; a step undone later carries an error
 * declaration), pairing packing / unpacking, linking an AssociationEvent, stock in storing, stock
 * out picking, recycling decommissioning (DELETE); the reuse is the next commissioning. Entries
 * that record no physical event (generation, activation edits, moves with a parent, undo entries
 * themselves) give none.
 */
export function eventsOf(ctx: EpcisContext, entry: EpcisEntry): EpcisEvent[] {
  switch (entry.action) {
    case 'activated':
      return [objectEvent(ctx, entry, 'ADD', 'commissioning', { disposition: 'active', ...ilmdOf(ctx, entry) })];
    case 'tracked':
    case 'tracking-edited':
      return [
        objectEvent(ctx, entry, 'OBSERVE', trackingStep(ctx.config, entry.trackPointKey).bizStep, {
          ...trackingStep(ctx.config, entry.trackPointKey).disposition,
          ...sensorElements(ctx, entry),
          ...(entry.undoneAt ? { errorDeclaration: { declarationTime: entry.undoneAt, reason: 'did_not_occur' } } : {}),
        }),
      ];
    case 'paired':
      return aggregation(ctx, entry, 'ADD');
    case 'unpaired':
      return aggregation(ctx, entry, 'DELETE');
    case 'linked':
      return association(ctx, entry, 'ADD');
    case 'unlinked':
      return association(ctx, entry, 'DELETE');
    case 'stocked-in':
      return [objectEvent(ctx, entry, 'OBSERVE', 'storing')];
    case 'stocked-out':
      return [objectEvent(ctx, entry, 'OBSERVE', 'picking')];
    case 'recycled':
      return [objectEvent(ctx, entry, 'DELETE', 'decommissioning', { disposition: 'inactive' })];
    default:
      return [];
  }
}

/**
 * The EPCISDocument around the events, as two texts so the events can be streamed between
 * them: `head` ends where the event list opens, `tail` closes it. `creationDate` is given (the
 * latest event's time), so repeated exports of the same history are the same bytes.
 */
export function documentFrame(base: EpcisBase, creationDate: string): { head: string; tail: string } {
  const head = JSON.stringify({
    '@context': [EPCIS_CONTEXT, { tt: vocabularyUri(base) }],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate,
  });
  return { head: `${head.slice(0, -1)},"epcisBody":{"eventList":[`, tail: ']}}' };
}

/**
 * The instants a project export covers: from the start of day `from` to the end of day `to`; a
 * date that is no day, or a `to` before `from`, is refused.
 */
export function exportRange(from: string, to: string, utcOffset = 0): { from: Date; to: Date } {
  const day = (date: string, field: string) => {
    try {
      return localDay(date, utcOffset);
    } catch {
      throw fieldFailure(field, ErrorCode.incorrectDate);
    }
  };
  const range = { from: day(from, 'from').start, to: day(to, 'to').end };
  if (range.to <= range.from) throw fieldFailure('to', ErrorCode.valueGreaterThanOrEqual);
  return range;
}
