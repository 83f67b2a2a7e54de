import { Navigate } from 'react-router-dom';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { barcodeTypeOf, nextTrackPoint } from '@/shared/barcode/labels';
import { hasInput } from '@/shared/barcode/step-data';
import { needsReferenceData, trackingFieldLabel, trackingInput, useTrackForms } from '@/shared/barcode/track-forms';
import { stepKey } from '@/shared/barcode/track-steps';
import { useCurrentProject } from '@/shared/project/use-project';
import { StepFlowScreen } from '@/shared/step-flow/step-flow-screen';
import { StepForm } from '@/shared/step-flow/step-form';
import { useStepDraft } from '@/shared/step-flow/use-step-draft';
import { useStepFlow } from '@/shared/step-flow/use-step-flow';
import { addTracking, useReferenceData } from '../api/tracking';

type StepData = Record<string, Record<string, unknown>>;
const NO_DATA: StepData = {};

/**
 * `.../track` (restricted): adds the step at the barcode's next trackpoint: that trackpoint's
 * forms drawn by the renderer, then origin, destination and package information where it
 * requires them. The server checks everything again.
 */
export function TrackPage() {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const next = nextTrackPoint(project, barcode);
  const type = barcodeTypeOf(project, barcode);
  const { draft: data, update } = useStepDraft(NO_DATA);
  const { data: referenceData } = useReferenceData(barcode.id, needsReferenceData(next));
  const { steps, formOf, context } = useTrackForms({
    project,
    barcode,
    next,
    language,
    referenceData,
    quantities: barcode.quantities,
  });
  const flow = useStepFlow({
    steps,
    hasChanges: Object.values(data).some(hasInput),
    save: {
      done: t('track.done', { trackPoint: next?.name[language] ?? next?.key }),
      failed: t('track.failed'),
      then: detailPath,
      replace: true,
      fieldLabel: next && trackingFieldLabel(next, language),
    },
  });
  if (!flow.done && (!barcode.isActivated || !next || !type)) return <Navigate to={detailPath} replace />;
  const { step } = flow;
  if (!step || !next) return null;
  const key = stepKey(step);

  const onSubmit = (stepData: Record<string, unknown>) => {
    update({ [key]: stepData });
    if (!flow.isLast) {
      flow.next();
      return;
    }
    void flow.submit(addTracking, { barcodeId: barcode.id, ...trackingInput(next, { ...data, [key]: stepData }) });
  };
  const form = formOf(step);
  const title =
    step.kind === 'form'
      ? next.trackPointForms.find((f) => f.key === step.key)?.name?.[language]
      : t(`activate.step.${step.kind}`);

  return (
    <StepFlowScreen flow={flow} title={t('track.title')}>
      <Group gap="xs">
        <Text size="sm">{t('track.at')}</Text>
        <Badge size="lg" variant="light" data-testid="track-point">
          {next.name[language] ?? next.key}
        </Badge>
        {steps.length > 1 && (
          <Text size="xs" c="dimmed">
            {t('track.progress', { step: flow.index + 1, total: steps.length })}
          </Text>
        )}
      </Group>
      {title && <Text fw={600}>{title}</Text>}
      <StepForm
        key={key}
        form={form}
        data={data[key] ?? {}}
        onChange={(stepData) => update({ [key]: stepData })}
        context={context}
        onSubmit={onSubmit}
        submitLabel={flow.isLast ? t('track.submit') : t('activate.next')}
        busy={flow.busy}
        onBack={flow.isFirst ? undefined : flow.back}
      />
    </StepFlowScreen>
  );
}
