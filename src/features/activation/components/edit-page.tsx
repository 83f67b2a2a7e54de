import { useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useBuiltinForms } from '@/shared/barcode/builtin-forms';
import { barcodeFormContext } from '@/shared/barcode/form-context';
import { barcodeTypeOf } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { StepForm } from '@/shared/forms/step-form';
import { UnsavedChangesGuard } from '@/shared/forms/unsaved-changes';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { showMessage } from '@/shared/ui/message-dialog';
import { showToast } from '@/shared/ui/toasts';
import { editActivation } from '../api/activation';
import { defined, toAddress } from '@/shared/barcode/step-data';
import { packageDataOf, splitPackageData } from '../model/activation-draft';

const SECTIONS = ['package', 'origin', 'destination'] as const;
type Section = (typeof SECTIONS)[number];

const asRecord = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {});

/**
 * `.../edit` (restricted): the activated barcode's data, changed with PUT /barcode/activation.
 * Three sections (package data, origin, destination), each checked before saving; fields the
 * user may not see are not shown and the server keeps their stored values.
 */
export function EditPage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const type = barcodeTypeOf(project, barcode);
  const stored = barcode.activationData ?? {};
  const [values, setValues] = useState(() => ({ package: packageDataOf(stored), origin: asRecord(stored.origin), destination: asRecord(stored.destination) }));
  const [section, setSection] = useState<Section>('package');
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = type?.trackPoints.find((p) => p.key === barcode.currentTrackPointKey);
  const forms = useBuiltinForms({
    project, language, stage: 'edit', barcodeType: barcode.barcodeType ?? '_none', packageRequired: false, withActivationFields: true,
  });
  const context = useMemo(() => barcodeFormContext({ project, barcodeType: barcode.barcodeType ?? '', barcodeId: barcode.id, language, stage: 'edit' }), [project, barcode, language]);

  if (!barcode.isActivated || !barcode.barcodeType) return <Navigate to={detailPath} replace />;
  const change = (which: Section) => (data: Record<string, unknown>) => {
    setValues((current) => ({ ...current, [which]: data }));
    setDirty(true);
  };

  const save = async (which: Section, data: Record<string, unknown>) => {
    const all = { ...values, [which]: data };
    setBusy(true);
    try {
      const body = defined({
        barcodeId: barcode.id, barcodeType: barcode.barcodeType ?? '', origin: toAddress(all.origin), destination: toAddress(all.destination), ...splitPackageData(all.package),
      });
      await editActivation.send(body);
      setDirty(false);
      showToast('success', t('edit.done'));
      await editActivation.revalidate(body);
      navigate(detailPath);
    } catch (error) {
      showMessage({ title: t('edit.failed'), body: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const form = section === 'package' ? forms.package : forms.address;
  return (
    <Stack gap="md">
      <PageTitle title={t('edit.title')} barcode={barcode} detailPath={detailPath} />
      <SegmentedControl fullWidth value={section} onChange={(v) => setSection(v as Section)}
        data={SECTIONS.map((s) => ({ value: s, label: t(`activate.step.${s}`) }))} aria-label={t('edit.sections')} />
      <StepForm key={section} form={form} data={values[section]} onChange={change(section)} context={context}
        onSubmit={(data) => void save(section, data)} submitLabel={t('edit.submit')} busy={busy}
        note={section !== 'package' && (section === 'origin' ? start?.requireOrigin : start?.requireDestination) ? t('activate.required') : undefined} />
      <UnsavedChangesGuard dirty={dirty} />
    </Stack>
  );
}
