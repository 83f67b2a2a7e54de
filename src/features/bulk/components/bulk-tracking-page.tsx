import { useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { bulkMaxCountOf } from '@/shared/project/bulk-max';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { nextTrackPoint } from '@/shared/barcode/labels';
import { trackingInput, useTrackForms } from '@/shared/barcode/track-forms';
import { stepKey } from '@/shared/barcode/track-steps';
import { useCurrentProject } from '@/shared/project/use-project';
import { useBulkList } from '@/shared/scan-list/use-bulk-list';
import { StepForm } from '@/shared/step-flow/step-form';
import { useStepDraft } from '@/shared/step-flow/use-step-draft';
import { bulkSkip, bulkTrack, checkBulkSkip, checkBulkTracking } from '../api/bulk';
import { BulkScreen, idsOf, useBulkSubmit, verdictsOf } from './bulk-screen';

type StepData = Record<string, Record<string, unknown>>;
const NO_DATA: StepData = {};

export interface BulkTrackingPageProps {
  /** A handheld terminal: the trigger scans into the list, no camera button (the -kht routes). */
  handheld?: boolean;
  /** Skip-tracking: no forms; only where the trackpoint allows it. */
  skip?: boolean;
}

/**
 * `.../bulk-tracking`, `.../bulk-tracking-kht`, `.../bulk-skip-tracking`, `.../bulk-skip-tracking-kht`
 * (restricted): the barcode the screen was opened from is listed first and sets the trackpoint
 * (its next one); every barcode scanned or typed after it is checked by the server's dry run as
 * it arrives. Tracking then fills the trackpoint's forms once for all of them (the tracking
 * screen's pages) and sends everything in one request; skipping sends at once. The server
 * tracks every listed barcode or none.
 */
export function BulkTrackingPage({ handheld = false, skip = false }: BulkTrackingPageProps) {
  const { t, i18n } = useTranslation('bulk');
  const { t: tc } = useTranslation();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  // The list's trackpoint is the opening barcode's next one when the screen opened: it stays while
  // the list is sent (the barcode moves on) and for a new list after it.
  const [next] = useState(() => nextTrackPoint(project, barcode));
  const trackPointKey = next?.key ?? '';
  const projectId = project.id;
  const check = useCallback(
    async (barcodeIds: string[]) =>
      verdictsOf(
        await (skip
          ? checkBulkSkip({ projectId, trackPointKey, barcodeIds })
          : checkBulkTracking(projectId, trackPointKey, barcodeIds)),
      ),
    [skip, projectId, trackPointKey],
  );
  const routeName = `${skip ? 'bulk-skip-tracking' : 'bulk-tracking'}${handheld ? '-kht' : ''}`;
  const list = useBulkList(check, [barcode.id], { screen: routeName, barcodeId: barcode.id });
  const sending = useBulkSubmit(list);
  const { steps, formOf, context } = useTrackForms({ project, barcode, next, language });
  // The forms filled once for the whole list are kept for the tab like the list, so a reload keeps both.
  const { draft: data, update } = useStepDraft(NO_DATA, {
    storageKey: `bulk-forms:${barcode.id}:${trackPointKey}`,
  });
  // -1: the list; 0..: the form pages.
  const [page, setPage] = useState(-1);

  if (!sending.done && (!barcode.isActivated || !next || (skip && !next.allowSkipTracking)))
    return <Navigate to={detailPath} replace />;
  if (!next) return null;

  const max = bulkMaxCountOf(project);
  const over = list.summary.total > max;
  const pointName = next.name[language] ?? next.key;
  const texts = {
    done: (answer: { readyCount: number; descendantsMoved: number }) =>
      t(skip ? 'skip.done' : 'tracking.done', { count: answer.readyCount, trackPoint: pointName }) +
      (answer.descendantsMoved > 0 ? ` ${t('tracking.descendants', { count: answer.descendantsMoved })}` : ''),
    failed: t(skip ? 'skip.failed' : 'tracking.failed'),
  };
  const send = async (all: StepData) => {
    const barcodeIds = idsOf(list);
    const ok = skip
      ? await sending.submit(bulkSkip, { projectId, trackPointKey, barcodeIds }, texts)
      : await sending.submit(bulkTrack, { projectId, barcodeIds, ...trackingInput(next, all) }, texts);
    // After a refusal the list shows which barcodes and why; after success, each one's outcome.
    setPage(-1);
    return ok;
  };

  const step = page >= 0 ? steps[page] : undefined;
  const form =
    step &&
    (() => {
      const key = stepKey(step);
      const title =
        step.kind === 'form'
          ? next.trackPointForms.find((f) => f.key === step.key)?.name?.[language]
          : t(`tracking.step.${step.kind}`);
      const onSubmit = (stepData: Record<string, unknown>) => {
        update({ [key]: stepData });
        if (page < steps.length - 1) setPage(page + 1);
        else void send({ ...data, [key]: stepData });
      };
      return (
        <>
          <Text size="sm" data-testid="bulk-forms-for">
            {t('tracking.formsFor', { count: list.summary.total })}
          </Text>
          {title && <Text fw={600}>{title}</Text>}
          <StepForm
            key={key}
            form={formOf(step)}
            data={data[key] ?? {}}
            onChange={(stepData) => update({ [key]: stepData })}
            context={context}
            onSubmit={onSubmit}
            submitLabel={
              page === steps.length - 1 ? t('tracking.submit', { count: list.summary.total }) : t('tracking.next')
            }
            busy={sending.sending}
            onBack={() => setPage(page - 1)}
          />
        </>
      );
    })();

  // Scans not checked for want of a network may go too: the outbox keeps the list and the server checks it.
  const ready = (list.summary.canSubmit || list.summary.canQueue) && !over;
  return (
    <BulkScreen
      title={t(
        skip
          ? handheld
            ? 'skip.titleHandheld'
            : 'skip.title'
          : handheld
            ? 'tracking.titleHandheld'
            : 'tracking.title',
      )}
      routeName={skip ? 'bulk-skip-tracking' : 'bulk-tracking'}
      handheld={handheld}
      list={list}
      sending={sending}
      doneLabel={t(skip ? 'skip.outcome' : 'tracking.outcome')}
      intro={
        <>
          <Group gap="xs">
            <Text size="sm">{t(skip ? 'skip.to' : 'tracking.at')}</Text>
            <Badge size="lg" variant="light" data-testid="track-point">
              {pointName}
            </Badge>
          </Group>
          {over && (
            <Alert color="red" variant="light" role="alert">
              {tc('3089', { ns: 'errors', count: max })}
            </Alert>
          )}
        </>
      }
      actions={
        skip ? (
          <Button onClick={() => void send(NO_DATA)} disabled={!ready} loading={sending.sending}>
            {t('skip.submit', { count: list.summary.total })}
          </Button>
        ) : (
          <Button onClick={() => setPage(0)} disabled={!ready}>
            {t('tracking.fillForms', { count: list.summary.total })}
          </Button>
        )
      }
    >
      {form}
    </BulkScreen>
  );
}

export const BulkTrackingKhtPage = () => <BulkTrackingPage handheld />;
export const BulkSkipTrackingPage = () => <BulkTrackingPage skip />;
export const BulkSkipTrackingKhtPage = () => <BulkTrackingPage skip handheld />;
