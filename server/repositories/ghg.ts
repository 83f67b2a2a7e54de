import type { Queryable } from '../db/database';
import type { EmissionEntry } from '../rows/history';

/** The history actions that make or unmake a stored emission (rules/ghg.ts standingEmissions). */
const EMISSION_ACTIONS = `('activated', 'activation-edited', 'tracked', 'tracking-edited', 'tracking-undone', 'recycled')`;

/** A barcode's entries that bear on its emissions, in seq order. */
export async function barcodeEmissionEntries(db: Queryable, barcodeId: string): Promise<EmissionEntry[]> {
  const { rows } = await db.query<EmissionEntry>(
    `select barcode_id, seq, action, track_point_key, created_at, data from barcode_history
      where barcode_id = $1 and action in ${EMISSION_ACTIONS} order by seq`,
    [barcodeId],
  );
  return rows;
}

/** A project's emission entry with its barcode's type (whose hidden fields the report leaves out). */
export interface ProjectEmissionEntry extends EmissionEntry {
  barcode_type: string | null;
}

/**
 * The entries bearing on emissions of every barcode of a project that had a step added in
 * [from, to) and has any emission stored, by barcode then seq. A barcode's later edits and undos
 * are read too, so that what stands is what the report counts; barcodes with no step in the
 * range are not read at all.
 */
export async function projectEmissionEntries(
  db: Queryable,
  projectId: string,
  from: Date,
  to: Date,
): Promise<ProjectEmissionEntry[]> {
  const { rows } = await db.query<ProjectEmissionEntry>(
    `select h.barcode_id, b.barcode_type, h.seq, h.action, h.track_point_key, h.created_at, h.data
       from barcode_history h join barcodes b on b.id = h.barcode_id
      where b.project_id = $1 and h.action in ${EMISSION_ACTIONS}
        and exists (select 1 from barcode_history e where e.barcode_id = h.barcode_id and e.created_at >= $2 and e.created_at < $3
                    and e.action in ('activated', 'tracked'))
        and exists (select 1 from barcode_history g where g.barcode_id = h.barcode_id and g.action in ${EMISSION_ACTIONS}
                    and g.data::text like '%factorTableVersion%')
      order by h.barcode_id, h.seq`,
    [projectId, from, to],
  );
  return rows;
}
