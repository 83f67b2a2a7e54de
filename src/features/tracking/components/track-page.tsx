import { useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { compileForm, type CompiledForm } from '@renderer';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useBuiltinForms } from '@/shared/barcode/builtin-forms';
import { barcodeFormContext } from '@/shared/barcode/form-context';
import { barcodeTypeOf, nextTrackPoint } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { defined, hasInput, packageInfoOf, toAddress } from '@/shared/barcode/step-data';
import { StepForm } from '@/shared/forms/step-form';
import { UnsavedChangesGuard } from '@/shared/forms/unsaved-changes';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { showMessage } from '@/shared/ui/message-dialog';
import { showToast } from '@/shared/ui/toasts';
import { addTracking, useReferenceData } from '../api/tracking';
import { stepKey, trackSteps } from '../model/track-steps';

type StepData = Record<string, Record<string, unknown>>;

/**
 * `.../track` (restricted): adds the step at the barcode's next trackpoint: that trackpoint's
 * forms drawn by the renderer, then origin, destination and package information where it
 * requires them (spec sections 2, 4, 5). The server checks everything again.
 */
export function TrackPage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const next = nextTrackPoint(project, barcode);
  const type = barcodeTypeOf(project, barcode);
  const [index, setIndex] = useState(0);
  const [data, setData] = useState<StepData>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const steps = useMemo(() => (next ? trackSteps(next) : []), [next]);
  const barcodeType = barcode.barcodeType ?? '';
  // Every form page, the empty page of a trackpoint without forms included.
  const compiled = useMemo(() => Object.fromEntries(steps.flatMap((s) => (s.kind === 'form' ? [[s.key, compileForm(
    project, { form: 'trackPoint', barcodeType, trackPointKey: next?.key ?? '', formKey: s.key }, { language, loggedIn: true },
  )]] : []))), [steps, next, language, project, barcodeType]);
  const builtin = useBuiltinForms({ project, language, stage: 'tracking', barcodeType, packageRequired: true });
  const needsReference = (next?.trackPointForms ?? []).some((f) => f.customFields.some((c) => c.type === 'reference'));
  const { data: referenceData } = useReferenceData(barcode.id, needsReference);
  const context = useMemo(() => barcodeFormContext({
    project, barcodeType, barcodeId: barcode.id, language, stage: 'tracking', referenceData, trackPointKey: next?.key,
  }), [project, barcodeType, barcode.id, language, referenceData, next]);

  if (!done && (!barcode.isActivated || !next || !type)) return <Navigate to={detailPath} replace />;
  const step = steps[Math.min(index, steps.length - 1)];
  if (!step || !next) return null;
  const key = stepKey(step);
  const isLast = index >= steps.length - 1;

  const submit = async (all: StepData) => {
    setBusy(true);
    try {
      const forms = Object.fromEntries(next.trackPointForms.map((f) => [f.key, all[`form:${f.key}`] ?? {}]));
      const body = {
        barcodeId: barcode.id, trackPointKey: next.key, forms,
        ...defined({
          origin: next.requireOrigin ? toAddress(all.origin) : undefined,
          destination: next.requireDestination ? toAddress(all.destination) : undefined,
          ...packageInfoOf(all.package),
        }),
      };
      await addTracking.send(body);
      setDone(true);
      showToast('success', t('track.done', { trackPoint: next.name[language] ?? next.key }));
      await addTracking.revalidate(body);
      navigate(detailPath, { replace: true });
    } catch (error) {
      showMessage({ title: t('track.failed'), body: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (stepData: Record<string, unknown>) => {
    const all = { ...data, [key]: stepData };
    setData(all);
    if (isLast) void submit(all);
    else setIndex(index + 1);
  };
  const form = step.kind === 'form' ? (compiled[step.key] as CompiledForm) : step.kind === 'package' ? builtin.package : builtin.address;
  const title = step.kind === 'form' ? next.trackPointForms.find((f) => f.key === step.key)?.name?.[language] : t(`activate.step.${step.kind}`);

  return (
    <Stack gap="md">
      <PageTitle title={t('track.title')} barcode={barcode} detailPath={detailPath} />
      <Group gap="xs">
        <Text size="sm">{t('track.at')}</Text>
        <Badge size="lg" variant="light" data-testid="track-point">{next.name[language] ?? next.key}</Badge>
        {steps.length > 1 && <Text size="xs" c="dimmed">{t('track.progress', { step: index + 1, total: steps.length })}</Text>}
      </Group>
      {title && <Text fw={600}>{title}</Text>}
      <StepForm key={key} form={form} data={data[key] ?? {}} onChange={(stepData) => setData((d) => ({ ...d, [key]: stepData }))} context={context}
        onSubmit={onSubmit} submitLabel={isLast ? t('track.submit') : t('activate.next')} busy={busy}
        onBack={index > 0 ? () => setIndex(index - 1) : undefined} />
      <UnsavedChangesGuard dirty={!done && Object.values(data).some(hasInput)} />
    </Stack>
  );
}
