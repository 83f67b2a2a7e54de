import { useMemo } from 'react';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import type { TrackPoint } from '@schemas/project-config';
import { compileForm, type CompiledForm } from '@renderer';
import type { FormContext } from '@widgets/types';
import { useBuiltinForms } from './builtin-forms';
import { barcodeFormContext } from './form-context';
import { defined, packageInfoOf, toAddress } from './step-data';
import { trackSteps, type TrackStep } from './track-steps';

export interface TrackFormsOptions {
  project: Project;
  /** The barcode the forms are filled for (bulk: the one the screen was opened from; its type's forms). */
  barcode: Pick<Barcode, 'id' | 'barcodeType'>;
  /** The trackpoint the step goes to. */
  next: TrackPoint | undefined;
  language: Language;
  referenceData?: Record<string, string>;
  /** The barcode's running quantities, for the adjustment widget (bulk: none, the server checks each barcode). */
  quantities?: Barcode['quantities'];
}

/** The pages of a tracking step and how each is drawn. */
export interface TrackForms {
  steps: TrackStep[];
  /** The compiled form a page draws: a trackpoint form, or the built-in address / package form. */
  formOf(step: TrackStep): CompiledForm;
  context: FormContext;
}

/**
 * The forms of adding a tracking step at `next`, compiled by the renderer once per trackpoint
 * and language: the single tracking screen and the bulk tracking screen (forms filled once for
 * every listed barcode) draw the same pages.
 */
export function useTrackForms({
  project,
  barcode,
  next,
  language,
  referenceData,
  quantities,
}: TrackFormsOptions): TrackForms {
  const steps = useMemo(() => (next ? trackSteps(next) : []), [next]);
  const barcodeType = barcode.barcodeType ?? '';
  // Every form page, the empty page of a trackpoint without forms included.
  const compiled = useMemo(
    () =>
      Object.fromEntries(
        steps.flatMap((s) =>
          s.kind === 'form'
            ? [
                [
                  s.key,
                  compileForm(
                    project,
                    { form: 'trackPoint', barcodeType, trackPointKey: next?.key ?? '', formKey: s.key },
                    { language, loggedIn: true },
                  ),
                ],
              ]
            : [],
        ),
      ),
    [steps, next, language, project, barcodeType],
  );
  const builtin = useBuiltinForms({ project, language, stage: 'tracking', barcodeType, packageRequired: true });
  const context = useMemo(
    () =>
      barcodeFormContext({
        project,
        barcodeType,
        barcodeId: barcode.id,
        language,
        stage: 'tracking',
        referenceData,
        trackPointKey: next?.key,
        quantities,
      }),
    [project, barcodeType, barcode.id, language, referenceData, next, quantities],
  );
  const formOf = (step: TrackStep) =>
    step.kind === 'form'
      ? (compiled[step.key] as CompiledForm)
      : step.kind === 'package'
        ? builtin.package
        : builtin.address;
  return { steps, formOf, context };
}

/** Whether a trackpoint's forms have a reference field (its values are loaded for the barcode). */
export const needsReferenceData = (next: TrackPoint | undefined) =>
  (next?.trackPointForms ?? []).some((f) => f.customFields.some((c) => c.type === 'reference'));

/** A tracking refusal's field path ('forms.<form>.<field>') as the field's label in `language`. */
export const trackingFieldLabel =
  (next: TrackPoint, language: Language) =>
  (path: string): string | undefined => {
    const [root, formKey, fieldKey] = path.split('.');
    if (root !== 'forms') return undefined;
    const field = next.trackPointForms.find((f) => f.key === formKey)?.customFields.find((c) => c.key === fieldKey);
    return field?.label[language] ?? field?.label.en;
  };

/**
 * The body parts of a tracking step from the pages' data (keyed by stepKey): each form's data,
 * and the origin, destination and package information the trackpoint requires.
 */
export function trackingInput(next: TrackPoint, all: Record<string, Record<string, unknown>>) {
  const forms = Object.fromEntries(next.trackPointForms.map((f) => [f.key, all[`form:${f.key}`] ?? {}]));
  return {
    trackPointKey: next.key,
    forms,
    ...defined({
      origin: next.requireOrigin ? toAddress(all.origin) : undefined,
      destination: next.requireDestination ? toAddress(all.destination) : undefined,
      ...packageInfoOf(all.package),
    }),
  };
}
