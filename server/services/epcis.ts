import type { EpcisBarcodeQuery, EpcisProjectQuery } from '../../schemas/api/epcis';
import type { RecallQuery } from '../../schemas/api/recall';
import type { ServerContext } from '../context';
import { epcisEventId } from '../infra/ledger-chain';
import * as epcis from '../repositories/epcis';
import type { ProjectRow } from '../repositories/projects';
import { assertStaffMember, type Viewer } from '../rules/access';
import type { EpcisEntry } from '../rows/history';
import { documentFrame, eventsOf, exportRange, type EpcisContext } from '../rules/epcis';
import type { EpcisBase } from '../rules/epcis-identifiers';
import { relatedBarcodesOf } from '../rules/pairing';
import { projectOfBarcodeFor } from './barcodes';
import { loadProject } from './projects';
import { recalledPackageIds } from './recall';

/** Entries read per statement by the project export: the memory the export holds at once. */
export const EPCIS_BATCH_SIZE = 500;

const baseOf = (origin: string, project: ProjectRow): EpcisBase => ({
  origin,
  projectSegment: `${project.code}@${project.version}`,
});

/** The mapping's context for a batch of entries: the external ids of the barcodes they name. */
async function contextFor(
  ctx: ServerContext,
  base: EpcisBase,
  project: ProjectRow,
  entries: readonly EpcisEntry[],
  isExported: (id: string) => boolean,
): Promise<EpcisContext> {
  const related = [...new Set(entries.flatMap((e) => relatedBarcodesOf(e.action, e.data) ?? []))];
  const externalIds = await epcis.externalIdsOf(ctx.db, related);
  return {
    base,
    config: project.config,
    externalIdOf: (id) => externalIds.get(id) ?? null,
    isExported,
    eventIdOf: epcisEventId,
  };
}

/**
 * GET /barcode/epcis: the EPCIS 2.0 document of one barcode and its descendants
 * (docs/engineers/standards.md), as JSON text. Read like the history: users of the project's
 * enterprise; hidden fields are never exported. `origin` is where the caller reached this server:
 * the barcodes' canonical URLs and the locations' URIs start there.
 */
export async function barcodeEpcis(
  ctx: ServerContext,
  viewer: Viewer,
  query: EpcisBarcodeQuery,
  origin: string,
): Promise<string> {
  const project = await projectOfBarcodeFor(ctx.db, viewer, query.id);
  const base = baseOf(origin, project);
  const ids = await epcis.barcodeAndDescendantIds(ctx.db, query.id);
  const exported = new Set(ids);
  const entries = await epcis.entriesOf(ctx.db, ids);
  const mapping = await contextFor(ctx, base, project, entries, (id) => exported.has(id));
  const events = entries.flatMap((e) => eventsOf(mapping, e));
  const { head, tail } = documentFrame(base, entries.at(-1)?.createdAt ?? new Date(0).toISOString());
  return `${head}${events.map((e) => JSON.stringify(e)).join(',')}${tail}`;
}

/**
 * GET /barcode/epcis/project: every event of the project on the days asked, streamed: entries
 * are read in batches of EPCIS_BATCH_SIZE (keyset on the time index) and each batch is written
 * out before the next is read, so a year of events never sits in memory. Staff of the project's
 * enterprise only (403). Checks everything before the first byte, so refusals are ordinary answers.
 */
export async function projectEpcis(
  ctx: ServerContext,
  viewer: Viewer,
  query: EpcisProjectQuery,
  origin: string,
): Promise<AsyncGenerator<string>> {
  const range = exportRange(query.from, query.to, query.utcOffset ?? 0);
  const project = await loadProject(ctx.db, { id: query.projectId });
  assertStaffMember(viewer, project);
  const [from, to] = [range.from.toISOString(), range.to.toISOString()];
  const base = baseOf(origin, project);
  const latest = await epcis.latestEntryTime(ctx.db, project.id, from, to);
  return (async function* stream() {
    const { head, tail } = documentFrame(base, latest ?? from);
    yield head;
    let cursor: epcis.EntryCursor | null = null;
    let first = true;
    do {
      const batch = await epcis.projectEntriesBatch(ctx.db, project.id, from, to, cursor, EPCIS_BATCH_SIZE);
      // Every barcode of the project is in the document: each side of a pairing or link is exported once, by its parent.
      const mapping = await contextFor(ctx, base, project, batch.entries, () => true);
      const events = batch.entries.flatMap((e) => eventsOf(mapping, e)).map((e) => JSON.stringify(e));
      if (events.length > 0) {
        yield `${first ? '' : ','}${events.join(',')}`;
        first = false;
      }
      cursor = batch.next;
    } while (cursor);
    yield tail;
  })();
}

/**
 * GET /recall/epcis: every event of every package a recall implicates, as one EPCIS 2.0
 * document, for the partners and regulators who read EPCIS rather than a spreadsheet. The same
 * checks and the same packages as the trace; the events are read and written out
 * EPCIS_BATCH_SIZE packages at a time. A pairing or link between two implicated packages is one
 * event, exported by its parent, as in the barcode's own export.
 */
export async function recallEpcis(
  ctx: ServerContext,
  viewer: Viewer,
  query: RecallQuery,
  origin: string,
): Promise<AsyncGenerator<string>> {
  const { project, ids } = await recalledPackageIds(ctx, viewer, query);
  const base = baseOf(origin, project);
  const implicated = new Set(ids);
  // The document is made now: the trace reads the data as it stands at this moment.
  const { head, tail } = documentFrame(base, ctx.config.clock().toISOString());
  return (async function* stream() {
    yield head;
    let first = true;
    for (let i = 0; i < ids.length; i += EPCIS_BATCH_SIZE) {
      const entries = await epcis.entriesOf(ctx.db, ids.slice(i, i + EPCIS_BATCH_SIZE));
      const mapping = await contextFor(ctx, base, project, entries, (id) => implicated.has(id));
      const events = entries.flatMap((e) => eventsOf(mapping, e)).map((e) => JSON.stringify(e));
      if (events.length > 0) {
        yield `${first ? '' : ','}${events.join(',')}`;
        first = false;
      }
    }
    yield tail;
  })();
}
