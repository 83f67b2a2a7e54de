import type {
  GhgEmissionsQuery,
  GhgReport,
  GhgReportQuery,
  GhgResult,
  ReviewCalculationBody,
} from '../../schemas/api/ghg';
import { calculateGhg } from '../../renderer';
import type { ServerContext } from '../context';
import { findBarcodeSummary } from '../repositories/barcodes';
import { barcodeEmissionEntries, projectEmissionEntries, type ProjectEmissionEntry } from '../repositories/ghg';
import { assertMember, type Viewer } from '../rules/access';
import { ApiFailure } from '../rules/api-failure';
import {
  assertMayReadReport,
  assertReportRange,
  hiddenFieldKeys,
  reportRows,
  standingEmissions,
  sumKg,
} from '../rules/ghg';
import { localDay } from '../rules/tracking-count';
import { projectOfBarcodeFor } from './barcodes';
import { loadProject } from './projects';

/**
 * POST /barcode/review-calculation: the emission the inputs give with the project's factors,
 * as submitting them would store it; nothing is stored. For members of the project's
 * enterprise (403). Bad inputs: 400 with the calculation's codes under `input.<name>`, or
 * `$common` (a calculation type not computed here, a factor absent).
 */
export async function reviewCalculation(
  ctx: ServerContext,
  viewer: Viewer,
  body: ReviewCalculationBody,
): Promise<GhgResult> {
  const project = await loadProject(ctx.db, { id: body.projectId });
  assertMember(viewer, project);
  const outcome = calculateGhg(body.calculationType, body.input, project.config.ghg?.factors);
  if (!outcome.ok) {
    throw new ApiFailure(
      400,
      Object.fromEntries(
        Object.entries(outcome.errors).map(([key, codes]) => [key === '$common' ? key : `input.${key}`, codes]),
      ),
    );
  }
  return outcome.result;
}

/**
 * GET /barcode/ghg-emissions: the emissions standing on the barcode's present trip and their total,
 * for users of the project's enterprise, without those of fields configured hidden.
 */
export async function barcodeEmissions(ctx: ServerContext, viewer: Viewer, query: GhgEmissionsQuery) {
  const project = await projectOfBarcodeFor(ctx.db, viewer, query.barcodeId);
  const hidden = hiddenFieldKeys(
    project.config,
    (await findBarcodeSummary(ctx.db, query.barcodeId))?.barcode_type ?? null,
  );
  const legs = standingEmissions(await barcodeEmissionEntries(ctx.db, query.barcodeId), false).filter(
    (leg) => !hidden.has(leg.fieldKey),
  );
  return { total: sumKg(legs.map((l) => l.emission)), legs };
}

/** The local day `from` or `to` names; an impossible date is refused on that parameter. */
function dayOf(query: GhgReportQuery, name: 'from' | 'to') {
  try {
    return localDay(query[name], query.utcOffset);
  } catch (error) {
    if (error instanceof ApiFailure) throw new ApiFailure(error.status, { [name]: error.errors.date ?? [] });
    throw error;
  }
}

/**
 * GET /barcode/ghg-report: the project's emissions of steps added between two local days
 * (inclusive), by trackpoint leg and transport type, for its enterprise's staff (403). A range
 * ending before it starts, or longer than REPORT_MAX_DAYS, is refused on `to`.
 */
export async function ghgReport(ctx: ServerContext, viewer: Viewer, query: GhgReportQuery): Promise<GhgReport> {
  const project = await loadProject(ctx.db, { id: query.projectId });
  assertMember(viewer, project);
  assertMayReadReport(viewer);
  const from = dayOf(query, 'from');
  const to = dayOf(query, 'to');
  assertReportRange(from.start, to.end);
  const byBarcode = new Map<string, ProjectEmissionEntry[]>();
  for (const entry of await projectEmissionEntries(ctx.db, project.id, from.start, to.end)) {
    const entries = byBarcode.get(entry.barcode_id);
    if (entries) entries.push(entry);
    else byBarcode.set(entry.barcode_id, [entry]);
  }
  // Fields configured hidden count in no total, as on the detail page (per barcode type).
  const hiddenByType = new Map<string | null, Set<string>>();
  const hiddenOf = (type: string | null) =>
    hiddenByType.get(type) ?? hiddenByType.set(type, hiddenFieldKeys(project.config, type)).get(type)!;
  const legs = [...byBarcode.values()]
    .flatMap((entries) => {
      const hidden = hiddenOf(entries[0]!.barcode_type);
      return standingEmissions(entries, true).filter((leg) => !hidden.has(leg.fieldKey));
    })
    .filter((leg) => new Date(leg.at) >= from.start && new Date(leg.at) < to.end);
  return { from: from.iso, to: to.iso, total: sumKg(legs.map((l) => l.emission)), rows: reportRows(legs) };
}
