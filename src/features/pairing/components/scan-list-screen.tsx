import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RelationVerdict, ReservedCount } from '@schemas/api/pairing';
import type { Language } from '@schemas/languages';
import { findBarcodeByExternalId } from '@/shared/api/barcode';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { PageTitle } from '@/shared/barcode/page-title';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { codeText, useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import { ScanInput } from '@/shared/scan-list/scan-input';
import { LISTED_ID_MAX, newEntries, type ScanEntry } from '@/shared/scan-list/scan-list';
import { isAccepted, listSignature } from '../model/verdict';

/** What a dry run answers for the whole list. */
export interface ListCheck {
  verdicts: RelationVerdict[];
  reserved: ReservedCount;
}

export interface ScanListScreenProps {
  title: string;
  /** The scanner remembers its symbology per route name. */
  routeName: string;
  /** A handheld terminal: the trigger scans into the list, no camera button. */
  handheld: boolean;
  /** The reserved count before anything listed is added (children, or links). */
  reserved: ReservedCount | undefined;
  /** The reserved count as people read it ("12 of 24 children"). */
  reservedText(reserved: ReservedCount): string;
  /** The server's dry run for the whole list (ids in order). */
  check(ids: string[]): Promise<ListCheck>;
  /** The OK button's label for this many listed barcodes. */
  submitLabel(count: number): string;
  /** Sends the change for every listed id; resolves with the toast's text. */
  submit(ids: string[]): Promise<string>;
}

type Checked = { signature: string } & (
  { answer: ListCheck; error?: undefined } | { answer?: undefined; error: unknown }
);

/**
 * The list screens of pairing and linking: barcodes come from the camera (bulk mode appends
 * each read after confirmation), a keyboard-wedge or handheld trigger, or typing; each shows
 * its label and the server's verdict as it is added (one dry run of the whole list, so
 * duplicates and the reserved count are judged as OK would judge them); any entry can be
 * removed; OK sends all of them at once, only when every one is accepted.
 */
export function ScanListScreen({
  title,
  routeName,
  handheld,
  reserved,
  reservedText,
  check,
  submitLabel,
  submit,
}: ScanListScreenProps) {
  const { t, i18n } = useTranslation('scan-list');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const [checked, setChecked] = useState<Checked | null>(null);
  const { busy, send } = useSending();
  const projectCode = project.code;

  // Codes that are not barcode ids are looked up as the project's external ids, once per entry.
  const lookups = useRef(new Set<number>());
  useEffect(() => {
    for (const entry of entries) {
      if (entry.id !== null || lookups.current.has(entry.key)) continue;
      lookups.current.add(entry.key);
      findBarcodeByExternalId(projectCode, entry.reference)
        .then(
          (found) => found?.id ?? entry.reference.slice(0, LISTED_ID_MAX),
          // The lookup failed (network): the code goes as it is; the dry run names what it finds.
          () => entry.reference.slice(0, LISTED_ID_MAX),
        )
        .then((id) => setEntries((current) => current.map((e) => (e.key === entry.key ? { ...e, id } : e))));
    }
  }, [entries, projectCode]);

  // One dry run for the list as it is once every entry has its id; a newer list supersedes it.
  const resolved = entries.every((e) => e.id !== null);
  const ids = entries.map((e) => e.id ?? '');
  const signature = listSignature(ids);
  useEffect(() => {
    if (!resolved || ids.length === 0) return undefined;
    let alive = true;
    check(ids).then(
      (answer) => alive && setChecked({ signature, answer }),
      (error: unknown) => alive && setChecked({ signature, error }),
    );
    return () => {
      alive = false;
    };
    // `ids` is `signature` split: the list is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, resolved, check]);

  const add = useCallback((texts: string[]) => {
    const added = newEntries(texts);
    if (added.length > 0) setEntries((current) => [...current, ...added]);
  }, []);
  const remove = (key: number) => setEntries((current) => current.filter((e) => e.key !== key));

  const current = checked && checked.signature === signature && resolved ? checked : null;
  const verdicts = current?.answer?.verdicts;
  const checking = entries.length > 0 && current === null;
  const refused = verdicts ? verdicts.filter((v) => !isAccepted(v)).length : 0;
  const ready = entries.length > 0 && verdicts !== undefined && refused === 0;
  const shownReserved = (entries.length > 0 ? current?.answer?.reserved : undefined) ?? reserved;

  const ok = () =>
    send(
      async () => {
        showToast('success', await submit(ids));
        navigate(detailPath, { replace: true });
      },
      undefined,
      () => navigate(detailPath, { replace: true }),
    );

  return (
    <Stack gap="md">
      <PageTitle title={title} barcode={barcode} detailPath={detailPath} />
      {shownReserved && (
        <Text fw={600} data-testid="reserved-count">
          {reservedText(shownReserved)}
        </Text>
      )}
      <ScanInput routeName={routeName} handheld={handheld} onAdd={add} />
      {current?.error !== undefined && (
        <Alert color="red" variant="light" role="alert">
          {errorText(current.error)}
        </Alert>
      )}
      <Text size="sm" aria-live="polite" data-testid="list-status">
        {entries.length === 0
          ? t('list.empty')
          : checking
            ? t('list.checking', { count: entries.length })
            : refused > 0
              ? t('list.refused', { count: refused })
              : verdicts
                ? t('list.allAccepted', { count: entries.length })
                : ''}
      </Text>
      {entries.length > 0 && (
        <Stack
          gap="xs"
          component="ul"
          aria-label={t('list.label')}
          data-testid="scan-list"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {entries.map((entry, index) => {
            const verdict = verdicts?.[index];
            const type = verdict?.barcodeType ? project.barcodeTypes[verdict.barcodeType] : undefined;
            const label = verdict?.externalId ?? entry.id ?? entry.reference;
            return (
              <Paper
                key={entry.key}
                component="li"
                withBorder
                p="sm"
                radius="md"
                data-testid="scan-entry"
                data-state={verdict === undefined ? 'checking' : isAccepted(verdict) ? 'accepted' : 'refused'}
              >
                <Group wrap="nowrap" justify="space-between" align="flex-start">
                  <Group wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
                    <TypeIcon type={type} size={32} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {type && (
                        <Text size="xs" c="dimmed">
                          {type.name[language] ?? verdict?.barcodeType}
                        </Text>
                      )}
                      <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>
                        {label}
                      </Text>
                      {verdict?.externalId && (
                        <Text size="xs" c="dimmed">
                          {verdict.id}
                        </Text>
                      )}
                      {verdict === undefined ? (
                        checking && (
                          <Group gap={6}>
                            <Loader size="xs" aria-hidden />
                            <Text size="xs">{t('list.checkingOne')}</Text>
                          </Group>
                        )
                      ) : isAccepted(verdict) ? (
                        <Badge color="teal.9" variant="filled" data-testid="verdict">
                          {t('list.accepted')}
                        </Badge>
                      ) : (
                        <Text size="xs" c="red.9" data-testid="verdict">
                          {codeText(tc, verdict.code ?? 'unknown')}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => remove(entry.key)}
                    aria-label={t('list.remove', { code: label })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <Group grow>
        <Button variant="default" onClick={() => navigate(detailPath)}>
          {tc('common.cancel')}
        </Button>
        <Button onClick={() => void ok()} disabled={!ready} loading={busy}>
          {submitLabel(entries.length)}
        </Button>
      </Group>
    </Stack>
  );
}
