import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import { findBarcodeByExternalId, generateBarcode } from '@/shared/api/barcode';
import { storeActivationPrefill } from '@/shared/barcode/activation-prefill';
import { addScannedBarcode, keepScanFrame } from '@/shared/barcode/scan-state';
import { translateError } from '@/shared/i18n/error-message';
import { paths, projectSegment } from '@/shared/paths';
import { showMessage } from '@/shared/ui/message-dialog';
import type { Gs1DigitalLink } from '../model/gs1-digital-link';
import { GS1_FIELD_KEYS, scanTarget } from '../model/scan-routing';
import { scanFeedback } from '../model/scan-feedback';

export interface ScanHandlerProps {
  project: Project;
  /** Whether the user may generate barcodes (spec section 6). */
  mayGenerate: boolean;
  text: string;
  /** The camera frame the code was read from (null: typed, keyboard wedge, OCR). */
  frame?: File | null;
  onDone(): void;
}

/** The activation values a GS1 Digital Link gives, under the keys the project's types use. */
function prefillFor(project: Project, gs1: Gs1DigitalLink): Record<string, unknown> {
  const keys = new Set(Object.values(project.barcodeTypes).flatMap((t) => t.activationFields.map((f) => f.key)));
  const values: Record<string, unknown> = {};
  for (const [part, candidates] of Object.entries(GS1_FIELD_KEYS) as [keyof Gs1DigitalLink, readonly string[]][]) {
    const key = candidates.find((k) => keys.has(k));
    if (key && gs1[part] !== undefined) values[key] = gs1[part];
  }
  return values;
}

/**
 * Where a scan leads (spec section 4): a barcode URL of this product opens that barcode; a code
 * the project already has as an external id opens its barcode; any other code asks before it
 * becomes a new barcode with that external id (GS1 Digital Link values prefill its activation).
 */
export function ScanHandler({ project, mayGenerate, text, frame = null, onDone }: ScanHandlerProps) {
  // The barcode strings load lazily: a trigger pulled as the first screen appears waits for them,
  // so no answer is ever worded with raw keys.
  const { t, ready } = useTranslation('barcode');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<{ externalId: string; gs1: Gs1DigitalLink | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const done = useRef(onDone);
  const scanFrame = useRef(frame);
  useEffect(() => {
    done.current = onDone;
    scanFrame.current = frame;
  });
  /** Opens the barcode the scan led to (its project's route segment, its id); the scan joins the pool and its frame waits for the barcode's form. */
  const open = useCallback((project: string, barcodeId: string) => {
    addScannedBarcode(text.trim(), { project, id: barcodeId });
    if (scanFrame.current) keepScanFrame(barcodeId, scanFrame.current);
    navigate(paths.barcode.getHref(project, barcodeId));
    done.current();
  }, [navigate, text]);

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
    findBarcodeByExternalId(project.code, target.externalId).then((found) => {
      if (!alive) return;
      if (found) {
        open(projectSegment(project), found.id);
      } else if (!mayGenerate) {
        addScannedBarcode(target.externalId, null);
        scanFeedback('refused');
        // Nothing to open, and no new barcode allowed (visitors are offered the login there).
        showMessage({ body: `${t('scan.notFound', { code: target.externalId })}\n${tc('home.generateNoPermission')}` });
        done.current();
      } else {
        setConfirm({ externalId: target.externalId, gs1: target.gs1 });
      }
    }, (error: unknown) => {
      if (!alive) return;
      scanFeedback('refused');
      showMessage({ body: translateError(tc, error) });
      done.current();
    });
    return () => {
      alive = false;
    };
  }, [ready, text, project, mayGenerate, open, t, tc]);

  const create = async () => {
    if (!confirm) return;
    setBusy(true);
    try {
      const { id } = await generateBarcode(project, confirm.externalId);
      if (confirm.gs1) storeActivationPrefill(id, prefillFor(project, confirm.gs1));
      open(projectSegment(project), id);
    } catch (error) {
      showMessage({ body: translateError(tc, error) });
      done.current();
    } finally {
      setBusy(false);
    }
  };

  if (!confirm) return <Modal opened onClose={onDone} withCloseButton={false} centered size="xs"><Group><Loader size="sm" />{ready && <Text size="sm">{t('scan.looking', { code: text.trim() })}</Text>}</Group></Modal>;
  return (
    <Modal opened onClose={onDone} title={t('scan.createTitle')} closeButtonProps={{ 'aria-label': tc('common.close') }} centered>
      <Stack gap="xs">
        <Text>{t('scan.createMessage')}</Text>
        <Text fw={700} style={{ wordBreak: 'break-all' }} data-testid="scanned-code">{confirm.externalId}</Text>
        {confirm.gs1 && <Text size="sm" c="dimmed">{t('scan.gs1', { gtin: confirm.gs1.gtin, lot: confirm.gs1.lot ?? '—', serial: confirm.gs1.serial ?? '—' })}</Text>}
      </Stack>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onDone}>{tc('common.cancel')}</Button>
        <Button loading={busy} onClick={() => void create()}>{t('scan.create')}</Button>
      </Group>
    </Modal>
  );
}
