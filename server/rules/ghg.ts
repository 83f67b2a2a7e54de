import type { GhgLeg, GhgReportRow } from '../../schemas/api/ghg';
import type { ProjectConfig } from '../../schemas/project-config';
import { ErrorCode } from '../../schemas/error-codes';
import { ownValue } from '../../schemas/own-keys';
import { commonFailure, fieldFailure } from './api-failure';
import type { EmissionEntry } from '../rows/history';
import type { Viewer } from './access';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stored GHG value: only the server writes `factorTableVersion` beside `emission` (the client's
 * copies are dropped on submit, renderer/ghg/apply.ts), so this shape is a server-computed one.
 */
const isStoredEmission = (
  value: unknown,
): value is { emission: number; transportType: string; gases: GhgLeg['gases'] } =>
  isRecord(value) &&
  typeof value.emission === 'number' &&
  typeof value.factorTableVersion === 'string' &&
  typeof value.transportType === 'string';

/** The stored emissions of one entry's data: activation fields at the top, tracking forms under `forms`. */
function emissionsIn(
  action: string,
  data: unknown,
): { fieldKey: string; value: { emission: number; transportType: string; gases: GhgLeg['gases'] } }[] {
  if (!isRecord(data)) return [];
  const fields = action.startsWith('activat')
    ? [data]
    : isRecord(data.forms)
      ? Object.values(data.forms).filter(isRecord)
      : [];
  return fields.flatMap((f) =>
    Object.entries(f)
      .filter(([, v]) => isStoredEmission(v))
      .map(([fieldKey, value]) => ({ fieldKey, value: value as never })),
  );
}

/**
 * The emissions standing for one barcode after its history (entries of that barcode, in seq
 * order): an activation's or a step's, replaced by its edit, dropped when the step is undone.
 * `wholeHistory` false: only the present trip (after the last recycle), as the detail page's
 * journey total; true: every trip, as the project report counts what was emitted.
 */
export function standingEmissions(entries: readonly EmissionEntry[], wholeHistory: boolean): GhgLeg[] {
  const bySeq = new Map<number, GhgLeg[]>();
  // When each step was added: an edit's emissions count at the time of the step it corrects.
  const addedAt = new Map<number, Date | string>();
  let activationSeq: number | undefined;
  const legs = (entry: EmissionEntry, seq: number, at: Date | string) =>
    emissionsIn(entry.action, entry.data).map(({ fieldKey, value }) => ({
      seq,
      trackPointKey: entry.track_point_key ?? '',
      at: new Date(at).toISOString(),
      fieldKey,
      transportType: value.transportType,
      emission: value.emission,
      gases: value.gases,
    }));
  for (const entry of entries) {
    const data = isRecord(entry.data) ? entry.data : {};
    switch (entry.action) {
      case 'recycled':
        if (!wholeHistory) bySeq.clear();
        activationSeq = undefined;
        break;
      case 'activated':
      case 'tracked':
        if (entry.action === 'activated') activationSeq = entry.seq;
        addedAt.set(entry.seq, entry.created_at);
        bySeq.set(entry.seq, legs(entry, entry.seq, entry.created_at));
        break;
      case 'activation-edited':
      case 'tracking-edited': {
        const edited = entry.action === 'activation-edited' ? activationSeq : Number(data.editedSeq);
        const at = edited === undefined ? undefined : addedAt.get(edited);
        if (edited !== undefined && at !== undefined && bySeq.has(edited)) bySeq.set(edited, legs(entry, edited, at));
        break;
      }
      case 'tracking-undone':
        bySeq.delete(Number(data.undoneSeq));
        break;
    }
  }
  return [...bySeq.entries()].sort(([a], [b]) => a - b).flatMap(([, l]) => l);
}

/** Sum of kg values, rounded to 3 decimals (what the emission fields keep). */
export const sumKg = (values: readonly number[]): number => Math.round(values.reduce((a, b) => a + b, 0) * 1000) / 1000;

/** A report's rows: emissions grouped by trackpoint leg and transport type, largest first. */
export function reportRows(legs: readonly GhgLeg[]): GhgReportRow[] {
  const groups = new Map<string, GhgLeg[]>();
  for (const leg of legs) {
    const key = JSON.stringify([leg.trackPointKey, leg.transportType]);
    groups.set(key, [...(groups.get(key) ?? []), leg]);
  }
  return [...groups.values()]
    .map((group) => ({
      // Stryker disable next-line OptionalChaining,StringLiteral: equivalent; a group is made with its first leg, whose trackPointKey is a string, so the fallback only satisfies the type checker
      trackPointKey: group[0]?.trackPointKey ?? '',
      // Stryker disable next-line OptionalChaining,StringLiteral: equivalent; a group is made with its first leg, whose transportType is a string, so the fallback only satisfies the type checker
      transportType: group[0]?.transportType ?? '',
      count: group.length,
      emission: sumKg(group.map((l) => l.emission)),
      CO2: sumKg(group.map((l) => l.gases.CO2 ?? 0)),
      CH4: sumKg(group.map((l) => l.gases.CH4 ?? 0)),
      N2O: sumKg(group.map((l) => l.gases.N2O ?? 0)),
    }))
    .sort((a, b) => b.emission - a.emission || a.trackPointKey.localeCompare(b.trackPointKey));
}

/** At most a year and a day per report; `to` before `from` is ErrorCode.valueOutOfRange on to. */
export const REPORT_MAX_DAYS = 366;
export function assertReportRange(from: Date, toEnd: Date): void {
  if (toEnd.getTime() <= from.getTime()) throw fieldFailure('to', ErrorCode.valueOutOfRange);
  if (toEnd.getTime() - from.getTime() > REPORT_MAX_DAYS * 86_400_000)
    throw fieldFailure('to', ErrorCode.valueOutOfRange);
}

/**
 * Who may read a project's GHG report: its enterprise's staff (decided here; carriers and client
 * users see the emissions of the barcodes they open, not the project's totals). 403 otherwise.
 */
export function assertMayReadReport(viewer: Viewer): void {
  if (viewer.userType !== 'staff') throw commonFailure(ErrorCode.forbidden, 403);
}

/**
 * The keys of a barcode type's fields configured `hidden` (activation fields and trackpoint form
 * fields): never shown to anyone, so neither is an emission stored in one.
 */
export function hiddenFieldKeys(config: Pick<ProjectConfig, 'barcodeTypes'>, barcodeType: string | null): Set<string> {
  const type = barcodeType ? ownValue(config.barcodeTypes, barcodeType) : undefined;
  if (!type) return new Set();
  const fields = [
    ...type.activationFields,
    ...type.trackPoints.flatMap((point) => point.trackPointForms.flatMap((form) => form.customFields)),
  ];
  return new Set(fields.filter((field) => field.visibility === 'hidden').map((field) => field.key));
}
