import { useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useBuiltinForms } from '@/shared/barcode/builtin-forms';
import { barcodeFormContext } from '@/shared/barcode/form-context';
import { barcodeTypeOf } from '@/shared/barcode/labels';
import { defined, toAddress } from '@/shared/barcode/step-data';
import { useCurrentProject } from '@/shared/project/use-project';
import { StepFlowScreen } from '@/shared/step-flow/step-flow-screen';
import { StepForm } from '@/shared/step-flow/step-form';
import { useStepDraft } from '@/shared/step-flow/use-step-draft';
import { useStepFlow } from '@/shared/step-flow/use-step-flow';
import { codeText } from '@/shared/i18n/error-message';
import { activationFieldLabel, activationFieldPlace } from '../model/field-labels';
import { editActivation } from '../api/activation';
import { packageDataOf, splitPackageData } from '../model/activation-draft';

const SECTIONS = ['package', 'origin', 'destination'] as const;
type Section = (typeof SECTIONS)[number];
type Values = Record<Section, Record<string, unknown>>;

const NO_VALUES: Values = { package: {}, origin: {}, destination: {} };
/** The server's messages under each section's fields, by field key. */
type FieldErrors = Record<Section, Record<string, string>>;
const NO_ERRORS: FieldErrors = { package: {}, origin: {}, destination: {} };
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};

/**
 * `.../edit` (restricted): the activated barcode's data, changed with PUT /barcode/activation.
 * Three sections (package data, origin, destination), each checked before saving; fields the
 * user may not see are not shown and the server keeps their stored values.
 */
export function EditPage() {
  const { t, i18n } = useTranslation('barcode');
  const { t: tc } = useTranslation();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const type = barcodeTypeOf(project, barcode);
  const stored = barcode.activationData ?? {};
  const { draft: values, update } = useStepDraft(NO_VALUES, {
    start: () => ({
      package: packageDataOf(stored),
      origin: asRecord(stored.origin),
      destination: asRecord(stored.destination),
    }),
  });
  // Any change counts, even one that ends where it started: the stored values are never empty.
  const [changed, setChanged] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_ERRORS);
  // A refusal's field errors go under their fields (a size of 0 where the start trackpoint
  // requires package information, a postal code of the wrong format); the first section with
  // one is opened. What no form draws is said in the message.
  const placeErrors = (fields: Readonly<Record<string, number[]>>, messages: Readonly<Record<string, string>>) => {
    const placed: FieldErrors = { package: {}, origin: {}, destination: {} };
    const rest: Record<string, number[]> = {};
    for (const [path, codes] of Object.entries(fields)) {
      const place = activationFieldPlace(forms, path);
      // A failed constraint comes with the configuration's own message, in place of the code's.
      if (place) placed[place.form][place.key] = messages[path] ?? codes.map((code) => codeText(tc, code)).join(' ');
      else rest[path] = codes;
    }
    setFieldErrors(placed);
    const first = SECTIONS.find((s) => Object.keys(placed[s]).length > 0);
    if (first) flow.go(first);
    return rest;
  };
  const flow = useStepFlow({
    steps: SECTIONS,
    hasChanges: changed,
    save: {
      done: t('edit.done'),
      failed: t('edit.failed'),
      then: detailPath,
      // The forms are compiled below; read when a refusal is shown.
      fieldLabel: (path) => activationFieldLabel(forms, (side) => t(`activate.step.${side}`))(path),
      atFields: placeErrors,
    },
  });
  const start = type?.trackPoints.find((p) => p.key === barcode.currentTrackPointKey);
  const forms = useBuiltinForms({
    project,
    language,
    stage: 'edit',
    barcodeType: barcode.barcodeType ?? '_none',
    packageRequired: false,
    withActivationFields: true,
  });
  const context = useMemo(
    () =>
      barcodeFormContext({
        project,
        barcodeType: barcode.barcodeType ?? '',
        barcodeId: barcode.id,
        language,
        stage: 'edit',
      }),
    [project, barcode, language],
  );

  const section = flow.step;
  if (!barcode.isActivated || !barcode.barcodeType || !section) return <Navigate to={detailPath} replace />;
  const change = (data: Record<string, unknown>) => {
    const before = values[section];
    update({ [section]: data });
    setChanged(true);
    // A field changed since the refusal no longer shows its message.
    setFieldErrors((current) => ({
      ...current,
      [section]: Object.fromEntries(Object.entries(current[section]).filter(([key]) => data[key] === before[key])),
    }));
  };

  // Saving one section sends all three: the others as they are (stored, or changed and not saved yet).
  const save = (data: Record<string, unknown>) => {
    const all = { ...values, [section]: data };
    void flow.submit(
      editActivation,
      defined({
        barcodeId: barcode.id,
        barcodeType: barcode.barcodeType ?? '',
        origin: toAddress(all.origin),
        destination: toAddress(all.destination),
        ...splitPackageData(all.package),
      }),
    );
  };

  const form = section === 'package' ? forms.package : forms.address;
  return (
    <StepFlowScreen flow={flow} title={t('edit.title')}>
      <SegmentedControl
        fullWidth
        value={section}
        onChange={(v) => flow.go(v as Section)}
        data={SECTIONS.map((s) => ({ value: s, label: t(`activate.step.${s}`) }))}
        aria-label={t('edit.sections')}
      />
      <StepForm
        key={section}
        form={form}
        data={values[section]}
        onChange={change}
        context={context}
        onSubmit={save}
        submitLabel={t('edit.submit')}
        busy={flow.busy}
        fieldErrors={fieldErrors[section]}
        note={
          section !== 'package' && (section === 'origin' ? start?.requireOrigin : start?.requireDestination)
            ? t('activate.required')
            : undefined
        }
      />
    </StepFlowScreen>
  );
}
