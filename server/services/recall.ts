import { escapeDigitalLinkValue } from '../../gs1/digital-link';
import {
  RECALL_LIMIT,
  XLSX_MAX_ROWS,
  type RecallQuery,
  type RecallTrace,
  type RecalledPackage,
} from '../../schemas/api/recall';
import { ErrorCode } from '../../schemas/error-codes';
import type { Queryable } from '../db/database';
import type { ServerContext } from '../context';
import type { ProjectRow } from '../repositories/projects';
import { findMember } from '../repositories/projects';
import * as recall from '../repositories/recall';
import { assertMember, assertPermitted, permissionsFor, type Viewer } from '../rules/access';
import { ApiFailure, fieldFailure } from '../rules/api-failure';
import writeXlsxFile from 'write-excel-file/node';
import { csvLine, cteRows, FSMA_COLUMNS, isoWithOffset, standing, type CteEntry } from '../rules/fsma204';
import {
  gs1FieldKeys,
  gtin14,
  linkWindows,
  matchesStart,
  MAX_TRACE_DEPTH,
  MOVE_ACTIONS,
  movesOf,
  pairingWindows,
  reasonText,
  RELATION_ACTIONS,
  traceRecall,
  type RecallReason as Reason,
  type PairWindow,
  type RecallStart,
  type RelationEntry,
  type RelationGraph,
  type TracedPackage,
} from '../rules/recall';
import { loadProject } from './projects';

/** Entries that show where a package has been: its activation and each step it reached. */
const PASSED_ACTIONS = new Set(['activated', 'tracked', 'moved-with-parent']);
/** How many packages the spreadsheet reads from the database at a time. */
const CHUNK = 500;

/** A place and time to start from: what reached a trackpoint, or was stocked in at a location, in a time range. */
interface PlaceStart {
  kind: 'place';
  trackPointKey?: string;
  locationId?: string;
  from?: Date;
  to?: Date;
}

/**
 * One start only: a barcode; a lot, perhaps of one GTIN; a product by GTIN, code or both; or a
 * trackpoint or a location, a time range, or both. A place beside a barcode, lot or product, or a
 * location beside a trackpoint, is refused (1001 under the second); so is a range that ends before it starts.
 */
function startOf(query: RecallQuery): RecallStart | PlaceStart {
  const { barcodeId, lot, gtin, productCode, trackPointKey, locationId, from, to } = query;
  const place = { trackPointKey, locationId, from, to };
  if (barcodeId === undefined && lot === undefined && gtin === undefined && productCode === undefined) {
    if (Object.values(place).every((value) => value === undefined)) throw fieldFailure('lot', ErrorCode.emptyField);
    if (trackPointKey !== undefined && locationId !== undefined)
      throw fieldFailure('locationId', ErrorCode.invalidFormat);
    const range = {
      from: from === undefined ? undefined : new Date(from),
      to: to === undefined ? undefined : new Date(to),
    };
    if (range.from && range.to && range.to <= range.from) throw fieldFailure('to', ErrorCode.valueGreaterThanOrEqual);
    return { kind: 'place', ...definedOnly({ trackPointKey, locationId, ...range }) };
  }
  for (const [field, value] of Object.entries(place))
    if (value !== undefined) throw fieldFailure(field, ErrorCode.invalidFormat);
  if (barcodeId !== undefined) {
    for (const [field, value] of Object.entries({ lot, gtin, productCode }))
      if (value !== undefined) throw fieldFailure(field, ErrorCode.invalidFormat);
    return { kind: 'barcode', barcodeId };
  }
  if (lot !== undefined) {
    if (productCode !== undefined) throw fieldFailure('productCode', ErrorCode.invalidFormat);
    return { kind: 'lot', lot, ...(gtin === undefined ? {} : { gtin }) };
  }
  return {
    kind: 'product',
    ...(gtin === undefined ? {} : { gtin }),
    ...(productCode === undefined ? {} : { productCode }),
  };
}

/** The members of `record` that are set. */
const definedOnly = <T extends object>(record: T): Partial<T> =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;

/** The project, for a member of its enterprise with the recall permission (403 for anyone else). */
export async function projectForRecall(ctx: ServerContext, viewer: Viewer, projectId: string): Promise<ProjectRow> {
  const project = await loadProject(ctx.db, { id: projectId });
  assertMember(viewer, project);
  const member = await findMember(ctx.db, project.id, viewer.userId);
  assertPermitted(permissionsFor(viewer, project, member), 'recallPermission');
  return project;
}

/** The activated barcodes of the project version the search matches. */
async function startIds(db: Queryable, project: ProjectRow, start: RecallStart | PlaceStart): Promise<string[]> {
  if (start.kind === 'place') return recall.findPlaceStarts(db, project.id, { ...start, reached: [...PASSED_ACTIONS] });
  const lotKeys = gs1FieldKeys(project.config, '10');
  const gtinKeys = gs1FieldKeys(project.config, '01');
  const gtins = 'gtin' in start && start.gtin !== undefined ? [start.gtin, gtin14(start.gtin)] : [];
  const search =
    start.kind === 'barcode'
      ? { barcodeId: start.barcodeId, keys: [], values: [], needles: [] }
      : start.kind === 'lot'
        ? { keys: lotKeys, values: [start.lot], needles: [start.lot, escapeDigitalLinkValue(start.lot)] }
        : { keys: gtinKeys, values: gtins, needles: gtins, productCode: start.productCode };
  const candidates = await recall.findStartCandidates(db, project.id, search);
  return candidates
    .filter((c) => matchesStart(project.config, start, c))
    .map((c) => c.id)
    .sort();
}

const entryOf = (row: recall.TraceEntryRow): RelationEntry => ({
  barcodeId: row.barcode_id,
  action: row.action,
  data: row.data,
  at: row.created_at.getTime(),
});

/**
 * Reads the pairing, linking and moving records round by round: those of the start packages,
 * then of each package the trace found with them, until no new package turns up. Relations with
 * a barcode of another enterprise are left out.
 */
async function relationGraph(
  db: Queryable,
  enterpriseId: string,
  starts: readonly string[],
): Promise<{ graph: RelationGraph; rows: recall.TraceEntryRow[] }> {
  const loaded = new Set<string>();
  const inside = new Set<string>();
  const entries: RelationEntry[] = [];
  const rows: recall.TraceEntryRow[] = [];
  const graphOf = (): RelationGraph => ({
    pairs: pairingWindows(entries).filter((p) => inside.has(p.childId) && inside.has(p.parentId)),
    links: linkWindows(entries).filter((l) => inside.has(l.a) && inside.has(l.b)),
    moves: movesOf(entries),
  });
  const actions = [...RELATION_ACTIONS, ...MOVE_ACTIONS];
  let frontier = [...starts];
  for (let round = 0; frontier.length > 0 && round <= 2 * MAX_TRACE_DEPTH; round += 1) {
    for (const id of frontier) loaded.add(id);
    const found = await recall.findTraceEntries(db, frontier, enterpriseId, actions);
    for (const id of found.inside) inside.add(id);
    entries.push(...found.entries.map(entryOf));
    rows.push(...found.entries);
    // Unfiltered here: a related barcode must be read before it is known to be of the enterprise.
    const open: RelationGraph = {
      pairs: pairingWindows(entries),
      links: linkWindows(entries),
      moves: movesOf(entries),
    };
    frontier = traceRecall(starts, open, Infinity)
      .packages.map((p) => p.id)
      .filter((id) => !loaded.has(id));
  }
  return { graph: graphOf(), rows };
}

/** How a package is named: its type's name and its external id, else its id. */
function labeller(project: ProjectRow, rows: readonly recall.RecalledRow[]): (id: string) => string {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return (id) => {
    const row = byId.get(id);
    const type = row?.barcode_type ? project.config.barcodeTypes[row.barcode_type]?.name.en : undefined;
    const name = row?.external_id ?? id;
    return type ? `${type} ${name}` : name;
  };
}

const momentOf = (at: number, offsetMinutes: number): string | null =>
  Number.isFinite(at) ? isoWithOffset(at, offsetMinutes) : null;

/** The trace of a lot, product or barcode: who is implicated, why, and where each one is now. */
async function traced(ctx: ServerContext, viewer: Viewer, query: RecallQuery) {
  const start = startOf(query);
  const project = await projectForRecall(ctx, viewer, query.projectId);
  const starts = await startIds(ctx.db, project, start);
  const { graph, rows } = await relationGraph(ctx.db, project.enterprise_id, starts);
  return { project, starts, graph, rows };
}

/**
 * Every package a recall implicates, start packages first (the trace's own order), after the
 * same checks as the trace: for exports of their events.
 */
export async function recalledPackageIds(
  ctx: ServerContext,
  viewer: Viewer,
  query: RecallQuery,
): Promise<{ project: ProjectRow; ids: string[] }> {
  const { project, starts, graph } = await traced(ctx, viewer, query);
  return { project, ids: traceRecall(starts, graph, Infinity).packages.map((p) => p.id) };
}

/** GET /recall/trace. */
export async function recallTrace(ctx: ServerContext, viewer: Viewer, query: RecallQuery): Promise<RecallTrace> {
  const { project, starts, graph, rows: traceRows } = await traced(ctx, viewer, query);
  const limit = query.limit ?? RECALL_LIMIT;
  const result = traceRecall(starts, graph, limit);
  const offset = Math.round((query.utcOffset ?? 0) * 60);
  const vias = result.packages.flatMap((p) => p.reasons.flatMap((r) => ('via' in r ? [r.via] : [])));
  const rows = await recall.findRecalledRows(ctx.db, [...new Set([...result.packages.map((p) => p.id), ...vias])]);
  const rowOf = new Map(rows.map((r) => [r.id, r]));
  // The trace read every listed package's moves already, with its relations: they are not read again.
  const listed = new Set(result.packages.map((p) => p.id));
  const moveActions = new Set(MOVE_ACTIONS);
  const movesBy = new Map<string, CteEntry[]>();
  for (const row of traceRows) {
    if (!listed.has(row.barcode_id) || !moveActions.has(row.action)) continue;
    const list = movesBy.get(row.barcode_id) ?? [];
    list.push({ ...row, at: row.created_at.getTime() });
    movesBy.set(row.barcode_id, list);
  }
  const labelOf = labeller(project, rows);
  const timeOf = (at: number) => isoWithOffset(at, offset);
  const reasonOf = (reason: Reason) =>
    reason.kind === 'start'
      ? { kind: reason.kind, text: reasonText(reason, labelOf, timeOf) }
      : {
          kind: reason.kind,
          via: reason.via,
          from: momentOf(reason.from, offset),
          to: momentOf(reason.to, offset),
          text: reasonText(reason, labelOf, timeOf),
        };
  const packages = result.packages.map((p: TracedPackage): RecalledPackage => {
    const row = rowOf.get(p.id);
    const moves = movesBy.get(p.id) ?? [];
    const last = moves[moves.length - 1];
    const passed = standing(moves)
      .filter((e) => PASSED_ACTIONS.has(e.action) && e.track_point_key !== null)
      .map((e) => ({ trackPointKey: e.track_point_key as string, at: isoWithOffset(e.at, offset) }));
    return {
      id: p.id,
      barcodeType: row?.barcode_type ?? null,
      externalId: row?.external_id ?? null,
      direction: p.direction,
      depth: p.depth,
      reasons: p.reasons.map(reasonOf),
      heldFor: row?.hold_reference ?? null,
      place: {
        trackPointKey: row?.current_track_point_key ?? null,
        since: last ? isoWithOffset(last.at, offset) : null,
        stock:
          row?.location_id && row.location_code && row.location_name
            ? { locationId: row.location_id, code: row.location_code, name: row.location_name }
            : null,
      },
      ...(p.direction === 'forward' ? {} : { passed }),
    };
  });
  const counts = new Map<string | null, number>();
  for (const p of packages) counts.set(p.place.trackPointKey, (counts.get(p.place.trackPointKey) ?? 0) + 1);
  return {
    matched: starts.length,
    total: result.total,
    truncated: result.truncated,
    limit,
    places: [...counts].map(([trackPointKey, count]) => ({ trackPointKey, count })),
    packages,
  };
}

/**
 * For each package, the pairing windows of it and of every package it was ever on, in the
 * trace's order: what finding its pallet reads, instead of every window of the trace for each
 * row, which grows with the square of the recall's size.
 */
function pairsAboveOf(pairs: readonly PairWindow[]): (id: string) => PairWindow[] {
  const byChild = new Map<string, PairWindow[]>();
  for (const pair of pairs) {
    const list = byChild.get(pair.childId) ?? [];
    list.push(pair);
    byChild.set(pair.childId, list);
  }
  return (id) => {
    const above: PairWindow[] = [];
    const seen = new Set<string>();
    const open = [id];
    for (let current = open.pop(); current !== undefined; current = open.pop()) {
      if (seen.has(current)) continue;
      seen.add(current);
      for (const pair of byChild.get(current) ?? []) {
        above.push(pair);
        open.push(pair.parentId);
      }
    }
    return above;
  };
}

/**
 * The spreadsheet's rows (without the header), a chunk of packages at a time, after the request was
 * checked and traced (so a refusal is an ordinary error answer, sent before any row).
 */
async function fsma204Rows(
  ctx: ServerContext,
  viewer: Viewer,
  query: RecallQuery,
): Promise<AsyncGenerator<string[][]>> {
  const { project, starts, graph } = await traced(ctx, viewer, query);
  const result = traceRecall(starts, graph, Infinity);
  const offset = Math.round((query.utcOffset ?? 0) * 60);
  const parents = [...new Set(graph.pairs.map((p) => p.parentId))];
  const pairsAbove = pairsAboveOf(graph.pairs);
  async function* chunks(): AsyncGenerator<string[][]> {
    const parentRows = await recall.findRecalledRows(ctx.db, parents);
    for (let i = 0; i < result.packages.length; i += CHUNK) {
      const chunk = result.packages.slice(i, i + CHUNK);
      const ids = chunk.map((p) => p.id);
      const vias = chunk.flatMap((p) => p.reasons.flatMap((r) => ('via' in r ? [r.via] : [])));
      const rows = await recall.findRecalledRows(ctx.db, [...new Set([...ids, ...vias])]);
      const rowOf = new Map(rows.map((r) => [r.id, r]));
      const labelOf = labeller(project, [...parentRows, ...rows]);
      const labelOnly = (id: string) =>
        rowOf.get(id)?.external_id ?? parentRows.find((r) => r.id === id)?.external_id ?? id;
      const timeOf = (at: number) => isoWithOffset(at, offset);
      const history = await recall.findTraceEntries(ctx.db, ids, project.enterprise_id, null);
      const historyBy = new Map<string, CteEntry[]>();
      for (const row of history.entries) {
        const list = historyBy.get(row.barcode_id) ?? [];
        list.push({ ...row, at: row.created_at.getTime() });
        historyBy.set(row.barcode_id, list);
      }
      const cells: string[][] = [];
      for (const p of chunk) {
        const row = rowOf.get(p.id);
        if (!row) continue;
        const pkg = {
          ...row,
          direction: p.direction,
          why: p.reasons.map((r) => reasonText(r, labelOf, timeOf)).join('; '),
          history: historyBy.get(p.id) ?? [],
        };
        cells.push(
          ...cteRows(pkg, {
            config: project.config,
            offsetMinutes: offset,
            pairs: pairsAbove(p.id),
            labelOf: labelOnly,
          }),
        );
      }
      yield cells;
    }
  }
  return chunks();
}

/** GET /recall/fsma-204: the spreadsheet as CSV lines to stream, a chunk of packages at a time. */
export async function fsma204Lines(
  ctx: ServerContext,
  viewer: Viewer,
  query: RecallQuery,
): Promise<AsyncGenerator<string>> {
  const chunks = await fsma204Rows(ctx, viewer, query);
  async function* lines(): AsyncGenerator<string> {
    // The byte order mark makes spreadsheet programs read the file as UTF-8.
    yield `\uFEFF${csvLine(FSMA_COLUMNS)}`;
    for await (const rows of chunks) yield rows.map(csvLine).join('');
  }
  return lines();
}

/** The columns whose cells are numbers in the workbook, so that they sort as numbers. */
const NUMBER_COLUMNS = new Set(FSMA_COLUMNS.flatMap((name, index) => (name === 'Quantity' ? [index] : [])));

/**
 * GET /recall/fsma-204.xlsx: the same rows as a workbook (one sheet, its header row frozen). A
 * workbook is written whole in memory, unlike the CSV: past XLSX_MAX_ROWS it is refused
 * (ErrorCode.lengthMoreThan with `maxRows`) and the CSV is the way.
 */
export async function fsma204Workbook(ctx: ServerContext, viewer: Viewer, query: RecallQuery): Promise<Buffer> {
  const chunks = await fsma204Rows(ctx, viewer, query);
  const data: (string | number)[][] = [[...FSMA_COLUMNS]];
  for await (const rows of chunks) {
    for (const cells of rows)
      data.push(cells.map((cell, i) => (NUMBER_COLUMNS.has(i) && /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell)));
    if (data.length - 1 > XLSX_MAX_ROWS)
      throw new ApiFailure(400, { $common: [ErrorCode.lengthMoreThan] }, {}, { maxRows: XLSX_MAX_ROWS });
  }
  return writeXlsxFile(data, { sheet: 'FSMA 204', stickyRowsCount: 1 }).toBuffer();
}
