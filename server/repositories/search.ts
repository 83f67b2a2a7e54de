import type { Queryable } from '../db/database';
import type { BarcodeRow } from './barcodes';

/** One activation-field condition, as rules/search.ts fieldMatch decides it. */
export type FieldCondition =
  | { key: string; kind: 'number'; value: number }
  | { key: string; kind: 'words'; value: string }
  | { key: string; kind: 'none' };

/** A found barcode, as stored: the barcode's columns and the times search orders and filters by. */
export interface FoundBarcodeRow extends Pick<
  BarcodeRow,
  | 'id'
  | 'barcode_type'
  | 'is_activated'
  | 'is_deactivated'
  | 'current_track_point_key'
  | 'external_id'
  | 'tracking_number'
  | 'activation_data'
> {
  created_at: Date;
  activated_at: Date | null;
  last_step_at: Date | null;
}

/** What a search filters on, checked and resolved by rules/search.ts. */
export interface SearchQuery {
  projectId: string;
  /** Per barcode type, the activation keys the viewer may see (free text and fields look there only). */
  visibleKeys: Record<string, string[]>;
  barcodeType?: string;
  trackPointKey?: string;
  isActivated?: boolean;
  activatedFrom?: string;
  activatedTo?: string;
  lastStepFrom?: string;
  lastStepTo?: string;
  externalId?: string;
  trackingNumber?: string;
  fields: FieldCondition[];
  text?: string;
  skip: number;
  count: number;
}

/** The identifiers' words: the id, external id and tracking number. */
const IDENTIFIER_WORDS =
  "to_tsvector('simple', b.id || ' ' || coalesce(b.external_id, '') || ' ' || coalesce(b.tracking_number, ''))";
/** Every word of the barcode, kept with the row and indexed (migration 008): it finds the candidates. */
const ALL_WORDS = 'b.search_words';

/**
 * A typed text as a full-text query: each word the parser finds, as a word beginning, all of
 * them required. The parser reads '-0001' in 'EXT-0001' as a signed number, so a number typed
 * alone also matches it with its sign.
 */
const wordsQuery = (param: string) => `(select string_agg(case when lexeme ~ '^[0-9]+$'
    then format('(%s:* | %s:*)', quote_literal(lexeme), quote_literal('-' || lexeme)) else quote_literal(lexeme) || ':*' end, ' & ')
  from unnest(to_tsvector('simple', ${param})))::tsquery`;

/** The words of the activation data the viewer may see (`keys` param: type -> keys), for the recheck of an index match. */
const visibleWords = (
  keys: string,
  data = 'b.activation_data',
) => `jsonb_to_tsvector('simple', coalesce((select jsonb_object_agg(e.key, e.value)
  from jsonb_each(${data}) e where (${keys}::jsonb -> b.barcode_type) ? e.key), '{}'::jsonb), '["string", "numeric"]')`;

/** Collects parameters and conditions; each condition names its parameters by number. */
class Conditions {
  readonly params: unknown[] = [];
  readonly where: string[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(condition: string): void {
    this.where.push(condition);
  }
}

function addFieldConditions(c: Conditions, fields: FieldCondition[], keys: string): void {
  for (const field of fields) {
    const key = c.param(field.key);
    c.add(`(${keys}::jsonb -> b.barcode_type) ? ${key}`);
    if (field.kind === 'none') c.add('false');
    else if (field.kind === 'number')
      c.add(`b.activation_data @> jsonb_build_object(${key}::text, ${c.param(field.value)}::numeric)`);
    else {
      const query = wordsQuery(c.param(field.value));
      c.add(`${ALL_WORDS} @@ ${query}`);
      c.add(`jsonb_to_tsvector('simple', b.activation_data -> ${key}, '["string", "numeric"]') @@ ${query}`);
    }
  }
}

/**
 * Searches with words are run in two ways: first over the newest NEWEST_FIRST barcodes only,
 * walked in order (a common word fills its page within the first few); when that does not
 * fill the page, over all of them through the full-text index (a rare word has few candidates).
 * Either alone is slow for the other kind of word (npm run bench:search).
 */
const NEWEST_FIRST = 1000;

/**
 * A page of a project's barcodes matching every criterion, newest first, plus one more row
 * when another page follows. Free text and word fields use the full-text index for candidates,
 * then keep only those whose match lies in what the viewer may see.
 */
export async function searchBarcodes(db: Queryable, q: SearchQuery): Promise<FoundBarcodeRow[]> {
  const hasWords = q.text !== undefined || q.fields.length > 0;
  if (hasWords && q.skip + q.count < NEWEST_FIRST) {
    const rows = await runSearch(db, q, true);
    if (rows.length > q.count) return rows;
  }
  return runSearch(db, q, false);
}

async function runSearch(db: Queryable, q: SearchQuery, newestOnly: boolean): Promise<FoundBarcodeRow[]> {
  const c = new Conditions();
  c.add(`b.project_id = ${c.param(q.projectId)}`);
  if (q.barcodeType !== undefined) c.add(`b.barcode_type = ${c.param(q.barcodeType)}`);
  if (q.trackPointKey !== undefined) c.add(`b.current_track_point_key = ${c.param(q.trackPointKey)}`);
  if (q.isActivated !== undefined) c.add(`b.is_activated = ${c.param(q.isActivated)}`);
  if (q.activatedFrom) c.add(`b.activated_at >= ${c.param(q.activatedFrom)}::timestamptz`);
  if (q.activatedTo) c.add(`b.activated_at <= ${c.param(q.activatedTo)}::timestamptz`);
  if (q.lastStepFrom) c.add(`b.last_step_at >= ${c.param(q.lastStepFrom)}::timestamptz`);
  if (q.lastStepTo) c.add(`b.last_step_at <= ${c.param(q.lastStepTo)}::timestamptz`);
  if (q.externalId !== undefined) c.add(`b.external_id = ${c.param(q.externalId)}`);
  if (q.trackingNumber !== undefined) c.add(`b.tracking_number = ${c.param(q.trackingNumber)}`);
  const needsKeys = q.fields.length > 0 || q.text !== undefined;
  const keys = needsKeys ? c.param(JSON.stringify(q.visibleKeys)) : '';
  addFieldConditions(c, q.fields, keys);
  if (q.text !== undefined) {
    const query = wordsQuery(c.param(q.text));
    c.add(`${ALL_WORDS} @@ ${query}`);
    c.add(`(${IDENTIFIER_WORDS} || ${visibleWords(keys)}) @@ ${query}`);
  }
  const limit = c.param(q.count + 1);
  const offset = c.param(q.skip);
  // The page is chosen on narrow rows (id and time), then read whole: sorting thousands of
  // matches with their activation data is what made a date range slow.
  const { rows } = await db.query<FoundBarcodeRow>(
    `select f.id, f.barcode_type, f.is_activated, f.is_deactivated, f.current_track_point_key, f.external_id, f.tracking_number,
            f.activation_data, f.created_at, f.activated_at, f.last_step_at
       from (select b.id, b.created_at
               from ${newestOnly ? `(select * from barcodes where project_id = $1 order by created_at desc, id desc limit ${NEWEST_FIRST})` : 'barcodes'} b
              where ${c.where.join('\n                and ')}
              order by b.created_at desc, b.id desc
              limit ${limit} offset ${offset}) page
       join barcodes f on f.id = page.id
      order by page.created_at desc, page.id desc`,
    c.params,
  );
  return rows;
}
