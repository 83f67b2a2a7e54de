import type { HoldAnswer, HoldBody, HoldSkip, ReleaseBody } from '@schemas/api/recall';
import { NAME_TEXT_PATTERN } from '@schemas/validation';
import type { RecallStart } from './start';

/** Longest recall reference and reason the server takes. */
export const REFERENCE_MAX = 64;
export const REASON_MAX = 500;

/** What the hold and release dialogs ask: the recall's reference (a release knows it) and why. */
export interface HoldForm {
  reference: string;
  reason: string;
}
export const EMPTY_HOLD: HoldForm = { reference: '', reason: '' };

export type HoldProblem = 'referenceRequired' | 'reasonRequired' | 'tooLongReference' | 'tooLongReason' | 'characters';
export type HoldProblems = Partial<Record<keyof HoldForm, HoldProblem>>;

const allowed = new RegExp(NAME_TEXT_PATTERN);

/** One text of the form checked as the server would: trimmed, required, not too long, no invisible characters. */
function problemOf(text: string, max: number, required: HoldProblem, tooLong: HoldProblem): HoldProblem | undefined {
  if (text === '') return required;
  if (text.length > max) return tooLong;
  return allowed.test(text) ? undefined : 'characters';
}

/** The form trimmed, or what is wrong with each input; `withReference` false checks the reason alone (a release). */
export function checkHoldForm(form: HoldForm, withReference = true): { ok: HoldForm } | { problems: HoldProblems } {
  const reference = form.reference.trim();
  // A reason typed over several lines is sent as one: the server takes no line breaks in it.
  const reason = form.reason.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  const problems: HoldProblems = {
    reference: withReference ? problemOf(reference, REFERENCE_MAX, 'referenceRequired', 'tooLongReference') : undefined,
    reason: problemOf(reason, REASON_MAX, 'reasonRequired', 'tooLongReason'),
  };
  if (problems.reference === undefined && problems.reason === undefined) return { ok: { reference, reason } };
  return { problems };
}

/** POST /recall/hold's body: the trace's own start, the recall and why. */
export const holdBodyOf = (projectId: string, start: RecallStart, form: HoldForm, dryRun: boolean): HoldBody => ({
  projectId,
  ...start,
  reference: form.reference,
  reason: form.reason,
  ...(dryRun ? { dryRun: true } : {}),
});

/** POST /recall/release's body: every package of the recall, or the ones named. */
export const releaseBodyOf = (
  projectId: string,
  reference: string,
  reason: string,
  barcodeIds?: readonly string[],
): ReleaseBody => ({
  projectId,
  reference,
  reason,
  ...(barcodeIds && barcodeIds.length > 0 ? { barcodeIds: [...barcodeIds] } : {}),
});

/** The skipped packages gathered by why: each other recall on its own, then those not activated. */
export interface SkipGroup {
  why: HoldSkip['why'];
  /** The other recall, for `heldForAnother`. */
  reference?: string;
  packages: HoldSkip[];
}

export function skipGroups(skipped: readonly HoldSkip[]): SkipGroup[] {
  const groups = new Map<string, SkipGroup>();
  for (const skip of skipped) {
    const key = skip.why === 'heldForAnother' ? `other:${skip.reference ?? ''}` : skip.why;
    const group = groups.get(key) ?? { why: skip.why, reference: skip.reference, packages: [] };
    group.packages.push(skip);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => (a.why === b.why ? 0 : a.why === 'heldForAnother' ? -1 : 1));
}

/** What a hold did, as the user is told: newly on hold, on hold for this recall before, not put on hold. */
export const holdOutcome = (answer: HoldAnswer): { added: number; already: number; skipped: number } => ({
  added: answer.added,
  already: Math.max(0, answer.held - answer.added),
  skipped: answer.skipped.length,
});
