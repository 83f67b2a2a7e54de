import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { PageTitle } from '@/shared/barcode/page-title';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { codeText, useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { scanDialog } from '@/shared/ui/capture-requests';
import { showMessage } from '@/shared/ui/message-dialog';
import { useScanClaim } from '@/shared/ui/scan-claims';
import { showToast } from '@/shared/ui/toasts';
import { newEntries, splitScans, type ScanEntry } from '../model/scan-list';
import { duplicateOf, isAccepted, type EntryVerdict } from '../model/verdict';

export interface ScanListScreenProps {
  title: string;
  /** The scanner remembers its symbology per route name. */
  routeName: string;
  /** A handheld terminal: the trigger scans into the list, no camera button. */
  handheld: boolean;
  /** Above the list (e.g. the reserved count). */
  intro?: ReactNode;
  /** The server's dry run for these references (barcode ids or codes), in order; `listed` is the whole list. */
  check(references: string[], listed: string[]): Promise<EntryVerdict[]>;
  /** The OK button's label for this many listed barcodes. */
  submitLabel(count: number): string;
  /** Sends the change for every listed barcode (their resolved ids); resolves with the toast's text. */
  submit(barcodeIds: string[]): Promise<string>;
}

/**
 * The list screens of pairing and linking (spec section 2): barcodes come from the camera (bulk
 * mode appends each read after confirmation), a keyboard-wedge or handheld trigger, or typing;
 * each shows its label and the server's dry-run verdict as it is added; any can be removed; OK
 * sends all of them at once, only when every one can be taken.
 */
export function ScanListScreen({ title, routeName, handheld, intro, check, submitLabel, submit }: ScanListScreenProps) {
  const { t, i18n } = useTranslation('pairing');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<ScanEntry<EntryVerdict>[]>([]);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const listed = useRef(entries);
  useEffect(() => {
    listed.current = entries;
  });
  const delimiters = project.cameraFeatures?.bulkCameraScanResultSetting?.delimiter ?? [','];

  const add = useCallback((texts: string[]) => {
    const added = newEntries<EntryVerdict>(texts);
    if (added.length === 0) return;
    const all = [...listed.current, ...added];
    listed.current = all;
    setEntries(all);
    const keys = new Set(added.map((e) => e.key));
    check(added.map((e) => e.reference), all.map((e) => e.reference)).then((verdicts) => {
      const byKey = new Map(added.map((e, i) => [e.key, verdicts[i] ?? null]));
      setEntries((current) => current.map((e) => (keys.has(e.key) ? { ...e, verdict: byKey.get(e.key) ?? null } : e)));
    }, (error: unknown) => {
      // The dry run itself failed (network, session): the entries go, the reason is shown.
      setEntries((current) => current.filter((e) => !keys.has(e.key)));
      showMessage({ body: errorText(error) });
    });
  }, [check, errorText]);

  useScanClaim((text) => add(splitScans(text, delimiters)));

  const scanWithCamera = async () => {
    const outcome = await scanDialog.request({ routeName });
    if (outcome) add(splitScans(outcome.text, delimiters));
  };
  const addTyped = () => {
    add(splitScans(typed, delimiters));
    setTyped('');
  };
  const remove = (key: number) => setEntries((current) => current.filter((e) => e.key !== key));

  const verdictOf = (entry: ScanEntry<EntryVerdict>, index: number): EntryVerdict | null => duplicateOf(entries, index) ?? entry.verdict;
  const checking = entries.some((e) => e.verdict === null);
  const refused = entries.filter((e, i) => !checking && !isAccepted(verdictOf(e, i))).length;
  const ready = entries.length > 0 && !checking && refused === 0;

  const ok = async () => {
    setBusy(true);
    try {
      const ids = entries.map((e) => e.verdict?.barcode?.id ?? e.reference);
      const done = await submit(ids);
      showToast('success', done);
      navigate(detailPath, { replace: true });
    } catch (error) {
      showMessage({ body: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <PageTitle title={title} barcode={barcode} detailPath={detailPath} />
      {intro}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          {handheld
            ? <Alert variant="light">{t('list.pullTrigger')}</Alert>
            : (
              <>
                <Button leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void scanWithCamera()}>{t('list.scan')}</Button>
                <Text size="xs" c="dimmed">{t('list.triggerToo')}</Text>
              </>
            )}
          <form onSubmit={(e) => {
            e.preventDefault();
            addTyped();
          }}>
            <Group align="flex-end" wrap="nowrap">
              <TextInput style={{ flex: 1 }} label={t('list.typeLabel')} description={t('list.typeHint')} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
              <Button type="submit" variant="light" disabled={typed.trim() === ''}>{t('list.add')}</Button>
            </Group>
          </form>
        </Stack>
      </Paper>
      <Text size="sm" aria-live="polite" data-testid="list-status">
        {entries.length === 0 ? t('list.empty') : checking ? t('list.checking', { count: entries.length }) : refused > 0 ? t('list.refused', { count: refused }) : t('list.allAccepted', { count: entries.length })}
      </Text>
      {entries.length > 0 && (
        <Stack gap="xs" component="ul" data-testid="scan-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry, index) => {
            const verdict = verdictOf(entry, index);
            const found = verdict?.barcode ?? null;
            const type = found?.barcodeType ? project.barcodeTypes[found.barcodeType] : undefined;
            const label = found ? (found.externalId ?? found.id) : entry.reference;
            return (
              <Paper key={entry.key} component="li" withBorder p="sm" radius="md" data-testid="scan-entry" data-state={verdict === null ? 'checking' : isAccepted(verdict) ? 'accepted' : 'refused'}>
                <Group wrap="nowrap" justify="space-between" align="flex-start">
                  <Group wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
                    <TypeIcon type={type} size={32} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {type && <Text size="xs" c="dimmed">{type.name[language] ?? found?.barcodeType}</Text>}
                      <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>{label}</Text>
                      {verdict === null
                        ? <Group gap={6}><Loader size="xs" /><Text size="xs">{t('list.checkingOne')}</Text></Group>
                        : isAccepted(verdict)
                          ? <Badge color="teal" variant="light" data-testid="verdict">{t('list.accepted')}</Badge>
                          : <Text size="xs" c="red.9" data-testid="verdict">{codeText(tc, verdict.code ?? 'unknown')}</Text>}
                    </Stack>
                  </Group>
                  <ActionIcon variant="subtle" color="gray" onClick={() => remove(entry.key)} aria-label={t('list.remove', { code: label })}>
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Group grow>
        <Button variant="default" onClick={() => navigate(detailPath)}>{tc('common.cancel')}</Button>
        <Button onClick={() => void ok()} disabled={!ready} loading={busy}>{submitLabel(entries.length)}</Button>
      </Group>
    </Stack>
  );
}
