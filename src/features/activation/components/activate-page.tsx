import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { Stepper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useBuiltinForms } from '@/shared/barcode/builtin-forms';
import { barcodeFormContext } from '@/shared/barcode/form-context';
import { defined, toAddress } from '@/shared/barcode/step-data';
import { paths, type ActivationStep } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useProfile } from '@/shared/session/use-profile';
import { StepFlowScreen } from '@/shared/step-flow/step-flow-screen';
import { StepForm } from '@/shared/step-flow/step-form';
import { useStepFlow } from '@/shared/step-flow/use-step-flow';
import { activateBarcode } from '../api/activation';
import { hasDraftInput, productPick, splitPackageData, useActivationDraft } from '../model/activation-draft';
import { activationFieldLabel } from '../model/field-labels';
import { ProductPicker } from './product-picker';
import { SavedAddressPicker } from './saved-address-picker';
import { TrackPointStep } from './track-point-step';
import { TypeStep } from './type-step';

const STEPS = paths.barcode.activate.steps;

/**
 * `.../activate/{step}` (restricted): type -> trackpoint -> origin -> destination -> package.
 * Each step is its own URL, so the phone's back button goes one step back; the draft is kept
 * for the tab's session; a later step needs the earlier choices (else it returns to the type).
 * Addresses and package information are required where the start trackpoint says so, else they
 * may be skipped.
 */
export function ActivatePage() {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { data: profile } = useProfile();
  const { barcode, detailPath } = useCurrentBarcode();
  const { step: routeStep } = useParams();
  const { draft, update, clear } = useActivationDraft(barcode.id);
  const stepHref = (to?: ActivationStep) => paths.barcode.activate.getHref(project, barcode.id, to);
  const flow = useStepFlow({
    steps: STEPS,
    urls: { current: routeStep, href: stepHref, prefix: stepHref() },
    hasChanges: hasDraftInput(draft),
    onLeave: clear,
    save: {
      done: t('activate.done'),
      failed: t('activate.failed'),
      then: detailPath,
      replace: true,
      // The forms are compiled below, from choices the flow's steps make; read when a refusal is shown.
      fieldLabel: (path) => activationFieldLabel(forms, (side) => t(`activate.step.${side}`))(path),
    },
  });

  const type = draft.barcodeType ? project.barcodeTypes[draft.barcodeType] : undefined;
  const points = type?.trackPoints ?? [];
  const start = points.find((p) => p.key === draft.trackPointKey) ?? points[0];
  const forms = useBuiltinForms({
    project,
    language,
    stage: 'activation',
    barcodeType: draft.barcodeType ?? '_none',
    packageRequired: Boolean(start?.requirePackageInfo),
    withActivationFields: true,
  });
  const context = useMemo(
    () =>
      barcodeFormContext({
        project,
        barcodeType: draft.barcodeType ?? '',
        barcodeId: barcode.id,
        language,
        stage: 'activation',
      }),
    [project, draft.barcodeType, barcode.id, language],
  );

  if (barcode.isActivated && !flow.done) return <Navigate to={detailPath} replace />;
  const { step } = flow;
  if (!step || (step !== 'type' && !type)) return <Navigate to={stepHref('type')} replace />;

  const submit = (packageData: Record<string, unknown>) => {
    if (!draft.barcodeType || !start) return;
    update({ packageData });
    // Only the type's own fields: a prefill from a scan may hold keys another type uses.
    const own = new Set(type?.activationFields.map((f) => f.key));
    const parts = splitPackageData(packageData);
    parts.customFields = Object.fromEntries(Object.entries(parts.customFields).filter(([key]) => own.has(key)));
    void flow.submit(
      activateBarcode,
      defined({
        barcodeId: barcode.id,
        barcodeType: draft.barcodeType,
        trackPointKey: start.key,
        origin: toAddress(draft.origin),
        destination: toAddress(draft.destination),
        ...parts,
        productCode: draft.productCode,
      }),
      clear,
    );
  };

  const addressStep = (which: 'origin' | 'destination') => {
    const required = Boolean(which === 'origin' ? start?.requireOrigin : start?.requireDestination);
    return (
      <>
        <SavedAddressPicker onPick={(address) => update({ [which]: { ...address } })} />
        <StepForm
          key={which}
          form={forms.address}
          data={draft[which]}
          onChange={(data) => update({ [which]: data })}
          context={context}
          onSubmit={(data) => {
            update({ [which]: data });
            flow.next();
          }}
          submitLabel={t('activate.next')}
          note={required ? t('activate.required') : t('activate.optional')}
          onBack={flow.back}
          onSkip={
            required
              ? undefined
              : () => {
                  update({ [which]: {} });
                  flow.next();
                }
          }
        />
      </>
    );
  };

  return (
    <StepFlowScreen flow={flow} title={t('activate.title')}>
      <Stepper
        active={flow.index}
        size="xs"
        iconSize={28}
        allowNextStepsSelect={false}
        onStepClick={(index) => {
          const target = STEPS[index];
          if (target && index < flow.index) flow.go(target);
        }}
      >
        {STEPS.map((s) => (
          <Stepper.Step key={s} label={t(`activate.step.${s}`)} />
        ))}
      </Stepper>
      {step === 'type' && profile?.user.userType === 'client' && (
        <ProductPicker
          projectId={project.id}
          value={draft.productCode}
          onPick={(product) => update(productPick(draft, product, project, profile?.user.userType ?? ''))}
        />
      )}
      {step === 'type' && (
        <TypeStep
          project={project}
          userType={profile?.user.userType ?? ''}
          value={draft.barcodeType}
          onChange={(barcodeType) =>
            update({ barcodeType, trackPointKey: barcodeType === draft.barcodeType ? draft.trackPointKey : undefined })
          }
          onNext={flow.next}
        />
      )}
      {step === 'trackpoint' && (
        <TrackPointStep
          points={points}
          value={start?.key}
          onChange={(trackPointKey) => update({ trackPointKey })}
          onBack={flow.back}
          onNext={() => {
            update({ trackPointKey: start?.key });
            flow.next();
          }}
        />
      )}
      {step === 'origin' && addressStep('origin')}
      {step === 'destination' && addressStep('destination')}
      {step === 'package' && (
        <StepForm
          form={forms.package}
          data={draft.packageData}
          onChange={(packageData) => update({ packageData })}
          context={context}
          onSubmit={submit}
          submitLabel={t('activate.submit')}
          busy={flow.busy}
          onBack={flow.back}
          note={start?.requirePackageInfo ? t('activate.packageRequired') : undefined}
        />
      )}
    </StepFlowScreen>
  );
}
