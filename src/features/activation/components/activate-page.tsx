import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Stack, Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useBuiltinForms } from '@/shared/barcode/builtin-forms';
import { barcodeFormContext } from '@/shared/barcode/form-context';
import { PageTitle } from '@/shared/barcode/page-title';
import { UnsavedChangesGuard } from '@/shared/forms/unsaved-changes';
import { StepForm } from '@/shared/forms/step-form';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths, type ActivationStep } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useProfile } from '@/shared/session/use-profile';
import { showMessage } from '@/shared/ui/message-dialog';
import { showToast } from '@/shared/ui/toasts';
import { activateBarcode } from '../api/activation';
import { defined, hasInput, toAddress } from '@/shared/barcode/step-data';
import { splitPackageData, useActivationDraft } from '../model/activation-draft';
import { SavedAddressPicker } from './saved-address-picker';
import { TrackPointStep } from './track-point-step';
import { TypeStep } from './type-step';

const STEPS = paths.barcode.activate.steps;
type Step = ActivationStep;
const isStep = (value: string | undefined): value is Step => (STEPS as readonly (string | undefined)[]).includes(value);

/**
 * `.../activate/{step}` (restricted): type -> trackpoint -> origin -> destination -> package
 * (spec section 2). Each step is its own URL, so the phone's back button goes one step back;
 * the draft is kept for the tab's session; a later step needs the earlier choices (else it
 * returns to the type). Addresses and package information are required where the start
 * trackpoint says so, else they may be skipped.
 */
export function ActivatePage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const { step } = useParams();
  const project = useCurrentProject();
  const { data: profile } = useProfile();
  const { barcode, detailPath } = useCurrentBarcode();
  const { draft, update, clear } = useActivationDraft(barcode.id);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const type = draft.barcodeType ? project.barcodeTypes[draft.barcodeType] : undefined;
  const points = type?.trackPoints ?? [];
  const start = points.find((p) => p.key === draft.trackPointKey) ?? points[0];
  const forms = useBuiltinForms({
    project, language, stage: 'activation', barcodeType: draft.barcodeType ?? '_none', packageRequired: Boolean(start?.requirePackageInfo), withActivationFields: true,
  });
  const context = useMemo(() => barcodeFormContext({ project, barcodeType: draft.barcodeType ?? '', barcodeId: barcode.id, language, stage: 'activation' }), [project, draft.barcodeType, barcode.id, language]);

  if (barcode.isActivated && !done) return <Navigate to={detailPath} replace />;
  const stepHref = (to?: Step) => paths.barcode.activate.getHref(project, barcode.id, to);
  if (!isStep(step)) return <Navigate to={stepHref('type')} replace />;
  if (step !== 'type' && !type) return <Navigate to={stepHref('type')} replace />;
  const go = (to: Step) => navigate(stepHref(to));
  const dirty = !done && (Boolean(draft.barcodeType) || hasInput(draft.origin) || hasInput(draft.destination) || hasInput(draft.packageData));

  const submit = async (packageData: Record<string, unknown>) => {
    if (!draft.barcodeType || !start) return;
    update({ packageData });
    setBusy(true);
    try {
      // Only the type's own fields: a prefill from a scan may hold keys another type uses.
      const own = new Set(type?.activationFields.map((f) => f.key));
      const parts = splitPackageData(packageData);
      parts.customFields = Object.fromEntries(Object.entries(parts.customFields).filter(([key]) => own.has(key)));
      const body = defined({
        barcodeId: barcode.id, barcodeType: draft.barcodeType, trackPointKey: start.key,
        origin: toAddress(draft.origin), destination: toAddress(draft.destination), ...parts,
      });
      await activateBarcode.send(body);
      setDone(true);
      clear();
      showToast('success', t('activate.done'));
      await activateBarcode.revalidate(body);
      navigate(detailPath, { replace: true });
    } catch (error) {
      showMessage({ title: t('activate.failed'), body: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const addressStep = (which: 'origin' | 'destination', next: Step, back: Step) => {
    const required = Boolean(which === 'origin' ? start?.requireOrigin : start?.requireDestination);
    return (
      <>
        <SavedAddressPicker onPick={(address) => update({ [which]: { ...address } })} />
        <StepForm key={which} form={forms.address} data={draft[which]} onChange={(data) => update({ [which]: data })} context={context}
          onSubmit={(data) => { update({ [which]: data }); go(next); }} submitLabel={t('activate.next')}
          note={required ? t('activate.required') : t('activate.optional')} onBack={() => go(back)}
          onSkip={required ? undefined : () => { update({ [which]: {} }); go(next); }} />
      </>
    );
  };

  return (
    <Stack gap="md">
      <PageTitle title={t('activate.title')} barcode={barcode} detailPath={detailPath} />
      <Stepper active={STEPS.indexOf(step)} size="xs" iconSize={28} allowNextStepsSelect={false}
        onStepClick={(index) => { const target = STEPS[index]; if (target && index < STEPS.indexOf(step)) go(target); }}>
        {STEPS.map((s) => <Stepper.Step key={s} label={t(`activate.step.${s}`)} aria-label={t(`activate.step.${s}`)} />)}
      </Stepper>
      {step === 'type' && (
        <TypeStep project={project} userType={profile?.user.userType ?? ''} value={draft.barcodeType}
          onChange={(barcodeType) => update({ barcodeType, trackPointKey: barcodeType === draft.barcodeType ? draft.trackPointKey : undefined })} onNext={() => go('trackpoint')} />
      )}
      {step === 'trackpoint' && (
        <TrackPointStep points={points} value={start?.key} onChange={(trackPointKey) => update({ trackPointKey })}
          onBack={() => go('type')} onNext={() => { update({ trackPointKey: start?.key }); go('origin'); }} />
      )}
      {step === 'origin' && addressStep('origin', 'destination', 'trackpoint')}
      {step === 'destination' && addressStep('destination', 'package', 'origin')}
      {step === 'package' && (
        <StepForm form={forms.package} data={draft.packageData} onChange={(packageData) => update({ packageData })} context={context}
          onSubmit={(data) => void submit(data)} submitLabel={t('activate.submit')} busy={busy} onBack={() => go('destination')}
          note={start?.requirePackageInfo ? t('activate.packageRequired') : undefined} />
      )}
      <UnsavedChangesGuard dirty={dirty} allowPrefix={stepHref()} onLeave={clear} />
    </Stack>
  );
}
