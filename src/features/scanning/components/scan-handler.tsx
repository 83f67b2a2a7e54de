import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import { findBarcodeByExternalId, generateBarcode } from '@/shared/api/barcode';
import { storeActivationPrefill } from '@/shared/barcode/activation-prefill';
import { aiTitle, describeGs1Problems, gs1Prefill, type Gs1Data } from '@/shared/barcode/gs1-scan';
import { addScannedBarcode, keepScanFrame } from '@/shared/barcode/scan-state';
import { translateError } from '@/shared/i18n/error-message';
import { paths, projectSegment } from '@/shared/paths';
import { showMessage } from '@/shared/ui/message-dialog';
import { scanTarget } from '../model/scan-routing';
import { scanFeedback } from '../model/scan-feedback';

export interface ScanHandlerProps {
  project: Project;
  /** Whether the user may generate barcodes. */
  mayGenerate: boolean;
  text: string;
  /** The camera frame the code was read from (null: typed, keyboard wedge, OCR). */
  frame?: File | null;
  onDone(): void;
}

/** The project's barcode with this external id; GS1 data also under the text as scanned (labels registered before GS1 was read). */
async function findScanned(projectCode: string, externalId: string, scanned: string, gs1: boolean) {
  const found = await findBarcodeByExternalId(projectCode, externalId);
  if (found || !gs1 || scanned === externalId) return found;
  return findBarcodeByExternalId(projectCode, scanned.slice(0, 200));
}

/**
 * Where a scan leads: a barcode URL of this product opens that barcode; a code the project
 * already has as an external id opens its barcode (a GS1 code by its SSCC or Digital Link,
 * scan-routing.ts); any other code asks before it becomes a new barcode with that external id
 * (GS1 data prefill its activation by the types' gs1Mapping). GS1 data that breaks GS1's rules
 * is refused, the user told which AI and why.
 */
export function ScanHandler({ project, mayGenerate, text, frame = null, onDone }: ScanHandlerProps) {
  // The barcode strings load lazily: a trigger pulled as the first screen appears waits for them,
  // so no answer is ever worded with raw keys.
  const { t, ready } = useTranslation('barcode');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<{ externalId: string; gs1: Gs1Data | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef(onDone);
  const scanFrame = useRef(frame);
  useEffect(() => {
    done.current = onDone;
    scanFrame.current = frame;
  });
  /** Opens the barcode the scan led to (its project's route segment, its id); the scan joins the pool and its frame waits for the barcode's form. */
  const open = useCallback(
    (project: string, barcodeId: string) => {
      addScannedBarcode(text.trim(), { project, id: barcodeId });
      if (scanFrame.current) keepScanFrame(barcodeId, scanFrame.current);
      navigate(paths.barcode.getHref(project, barcodeId));
      done.current();
    },
    [navigate, text],
  );

  useEffect(() => {
    if (!ready) return undefined;
    let alive = true;
    const target = scanTarget(text);
    if (!target) {
      done.current();
      return undefined;
    }
    if (target.kind === 'barcode') {
      open(target.project, target.barcodeId);
      return undefined;
    }
    if (target.kind === 'invalidGs1') {
      scanFeedback('refused');
      showMessage({
        body: `${t('gs1.invalid', { code: target.scanned })}\n${describeGs1Problems(t, target.problems)}`,
      });
      done.current();
      return undefined;
    }
    findScanned(project.code, target.externalId, target.scanned, target.gs1 !== null).then(
      (found) => {
        if (!alive) return;
        if (found) {
          open(projectSegment(project), found.id);
        } else if (!mayGenerate) {
          addScannedBarcode(target.externalId, null);
          scanFeedback('refused');
          // Nothing to open, and no new barcode allowed (visitors are offered the login there).
          showMessage({
            body: `${t('scan.notFound', { code: target.externalId })}\n${tc('home.generateNoPermission')}`,
          });
          done.current();
        } else {
          setConfirm({ externalId: target.externalId, gs1: target.gs1 });
        }
      },
      (error: unknown) => {
        if (!alive) return;
        scanFeedback('refused');
        showMessage({ body: translateError(tc, error) });
        done.current();
      },
    );
    return () => {
      alive = false;
    };
  }, [ready, text, project, mayGenerate, open, t, tc]);

  const create = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const { id } = await generateBarcode(project, confirm.externalId);
      if (confirm.gs1) storeActivationPrefill(id, gs1Prefill(project, confirm.gs1.elements));
      open(projectSegment(project), id);
    } catch (error) {
      showMessage({ body: translateError(tc, error) });
      done.current();
    } finally {
      setBusy(false);
    }
  };

  if (!confirm)
    return (
      <Modal opened onClose={onDone} withCloseButton={false} centered size="xs">
        <Group>
          <Loader size="sm" />
          {ready && <Text size="sm">{t('scan.looking', { code: text.trim() })}</Text>}
        </Group>
      </Modal>
    );
  return (
    <Modal
      opened
      onClose={onDone}
      title={t('scan.createTitle')}
      closeButtonProps={{ 'aria-label': tc('common.close') }}
      centered
    >
      <Stack gap="xs">
        <Text>{t('scan.createMessage')}</Text>
        <Text fw={700} style={{ wordBreak: 'break-all' }} data-testid="scanned-code">
          {confirm.externalId}
        </Text>
        {confirm.gs1 && (
          <Stack gap={0} aria-label={t('gs1.data')} role="list">
            {confirm.gs1.elements.map((e) => (
              <Text key={e.ai} size="sm" c="dimmed" role="listitem">
                {t('gs1.element', { ai: e.ai, title: aiTitle(e.ai), value: e.value })}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>
          {tc('common.cancel')}
        </Button>
        <Button loading={busy} onClick={() => void create()}>
          {t('scan.create')}
        </Button>
      </Group>
    </Modal>
  );
}
