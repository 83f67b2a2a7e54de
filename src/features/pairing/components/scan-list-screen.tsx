import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { RelationVerdict, ReservedCount } from '@schemas/api/pairing';
import type { ErrorCode } from '@schemas/error-codes';
import { findBarcodeByExternalId } from '@/shared/api/barcode';
import { ApiError } from '@/shared/api/errors';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { PageTitle } from '@/shared/barcode/page-title';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import { isNoAnswer, shownCode, summarise, type BulkEntry, type EntryVerdict } from '@/shared/scan-list/bulk-list';
import { BulkListView } from '@/shared/scan-list/bulk-list-view';
import { ScanInput } from '@/shared/scan-list/scan-input';
import { LISTED_ID_MAX, newEntries, type ScanEntry } from '@/shared/scan-list/scan-list';
import { useKeptList } from '@/shared/scan-list/use-kept-list';
import { listSignature } from '../model/verdict';

/** What a dry run answers for the whole list. */
export interface ListCheck {
  verdicts: RelationVerdict[];
  reserved: ReservedCount;
}

export interface ScanListScreenProps {
  title: string;
  /** The scanner remembers its symbology per route name; the list is kept on the phone under it. */
  routeName: string;
  /** A handheld terminal: the trigger scans into the list, no camera button. */
  handheld: boolean;
  /** The reserved count before anything listed is added (children, or links). */
  reserved: ReservedCount | undefined;
  /** The reserved count as people read it ("12 of 24 children"), with how many listed barcodes are over the limit. */
  reservedText(reserved: ReservedCount, over: number): string;
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

/** The catalogue's "more than the type reserves" codes (children, links), typed so the bundle carries no catalogue. */
const OVER_LIMIT: ReadonlySet<number | null> = new Set<
  (typeof ErrorCode)['reservedCountExceeded' | 'linkReservedCountExceeded']
>([3025, 3085]);

/** The code a whole failed check gives: the catalogue code, or 'network' / 'timeout' / 'unknown'. */
const failureCode = (error: unknown): number | string => {
  if (!(error instanceof ApiError)) return 'unknown';
  return /^\d+$/.test(error.code) ? Number(error.code) : error.code;
};

/**
 * The list screens of pairing and linking: barcodes come from the camera (bulk mode appends
 * each read after confirmation), a keyboard-wedge or handheld trigger, or typing; each shows
 * its label and the server's verdict as it is added (one dry run of the whole list, so
 * duplicates and the reserved count are judged as OK would judge them); the list is drawn and
 * handled like the bulk screens' (remove one or every one not ready, show only those, clear),
 * kept on the phone until it is sent, and a list that could not be checked for want of a
 * network waits, not checked yet, and is checked when the network returns. OK sends all of
 * them at once, only when every one is accepted.
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
  const { t } = useTranslation('scan-list');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const navigate = useNavigate();
  const [entries, setEntries] = useState<ScanEntry[]>([]);
  const [checked, setChecked] = useState<Checked | null>(null);
  // Bumped to ask the same list again (the network returned, or "Check again").
  const [attempt, setAttempt] = useState(0);
  // Entries whose external-id lookup got no answer: not checked yet.
  const [unreachable, setUnreachable] = useState<ReadonlySet<number>>(new Set());
  const { busy, send } = useSending();
  const projectCode = project.code;

  const restore = useCallback(
    (kept: ScanEntry[]) =>
      setEntries((current) => {
        const references = new Set(kept.map((e) => e.reference));
        return [...kept, ...current.filter((e) => !references.has(e.reference))];
      }),
    [],
  );
  const kept = useKeptList({ screen: routeName, barcodeId: barcode.id }, entries, restore);

  // Codes that are not barcode ids are looked up as the project's external ids, once per entry.
  const lookups = useRef(new Set<number>());
  useEffect(() => {
    for (const entry of entries) {
      if (entry.id !== null || lookups.current.has(entry.key)) continue;
      lookups.current.add(entry.key);
      findBarcodeByExternalId(projectCode, entry.reference).then(
        (found) => {
          const id = found?.id ?? entry.reference.slice(0, LISTED_ID_MAX);
          setEntries((current) => current.map((e) => (e.key === entry.key ? { ...e, id } : e)));
        },
        (error: unknown) => {
          // No answer: whether the code is some barcode's external id is not known until the network returns.
          if (isNoAnswer(failureCode(error))) {
            setUnreachable((now) => new Set(now).add(entry.key));
            return;
          }
          const id = entry.reference.slice(0, LISTED_ID_MAX);
          setEntries((current) => current.map((e) => (e.key === entry.key ? { ...e, id } : e)));
        },
      );
    }
  }, [entries, projectCode, attempt]);

  const again = useCallback(() => {
    setUnreachable((now) => {
      for (const key of now) lookups.current.delete(key);
      return new Set();
    });
    setAttempt((n) => n + 1);
  }, []);
  useEffect(() => {
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [again]);

  // One dry run for the list as it is once every entry has its id; a newer list supersedes it.
  const resolved = entries.every((e) => e.id !== null);
  const ids = entries.map((e) => e.id ?? '');
  const signature = `${attempt}\n${listSignature(ids)}`;
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
  const remove = useCallback((key: number) => setEntries((current) => current.filter((e) => e.key !== key)), []);

  const current = checked && checked.signature === signature && resolved ? checked : null;
  const verdicts = current?.answer?.verdicts;
  const failure = current?.error === undefined ? null : failureCode(current.error);
  const offline = unreachable.size > 0 || (failure !== null && isNoAnswer(failure));

  // The list as the bulk list view draws it: each entry with its verdict from the last dry run.
  const state = useMemo(() => {
    const listed: BulkEntry[] = entries.map((entry, index) => {
      const answer = verdicts?.[index];
      let verdict: EntryVerdict = { state: 'pending' };
      const code = answer ? shownCode(answer) : undefined;
      if (code === null) verdict = { state: 'ready' };
      else if (code !== undefined) verdict = { state: 'refused', code };
      else if (offline) verdict = { state: 'unchecked' };
      else if (failure !== null) verdict = { state: 'refused', code: failure };
      return { ...entry, verdict, barcodeType: answer?.barcodeType ?? null, externalId: answer?.externalId ?? null };
    });
    return { entries: listed };
  }, [entries, verdicts, offline, failure]);
  const summary = summarise(state);
  const over = verdicts ? verdicts.filter((v) => OVER_LIMIT.has(v.code)).length : 0;
  const removeNotReady = () => {
    const refused = new Set(state.entries.filter((e) => e.verdict.state === 'refused').map((e) => e.key));
    setEntries((now) => now.filter((e) => !refused.has(e.key)));
  };
  const clear = () => setEntries([]);

  const shownReserved = (entries.length > 0 ? current?.answer?.reserved : undefined) ?? reserved;

  const ok = () =>
    send(
      async () => {
        const done = await submit(ids);
        // Sent: the phone's copy goes before the screen does.
        await kept.forget();
        showToast('success', done);
        navigate(detailPath, { replace: true });
      },
      undefined,
      () => navigate(detailPath, { replace: true }),
    );

  const buttons = (
    <Group grow>
      <Button variant="default" onClick={() => navigate(detailPath)}>
        {tc('common.cancel')}
      </Button>
      <Button onClick={() => void ok()} disabled={!summary.canSubmit || busy} loading={busy}>
        {submitLabel(entries.length)}
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <PageTitle title={title} barcode={barcode} detailPath={detailPath} />
      {shownReserved && (
        <Text fw={600} data-testid="reserved-count">
          {reservedText(shownReserved, over)}
        </Text>
      )}
      <ScanInput routeName={routeName} handheld={handheld} onAdd={add} />
      {kept.restoredCount > 0 && (
        <Alert variant="light" data-testid="list-restored">
          {t('list.restored', { count: kept.restoredCount })}
        </Alert>
      )}
      {current?.error !== undefined && !offline && (
        <Alert color="red" variant="light" role="alert">
          {errorText(current.error)}
        </Alert>
      )}
      {buttons}
      <BulkListView
        project={project}
        state={state}
        summary={summary}
        onRemove={remove}
        onRemoveNotReady={removeNotReady}
        onRecheck={again}
        onClear={clear}
        acceptedLabel={t('list.accepted')}
        statusText={
          summary.pending > 0
            ? t('list.checking', { count: entries.length })
            : summary.refused === 0 && summary.unchecked === 0
              ? t('list.allAccepted', { count: entries.length })
              : undefined
        }
        disabled={busy}
      />
      {entries.length >= BOTTOM_BUTTONS_FROM && <div data-testid="bottom-actions">{buttons}</div>}
    </Stack>
  );
}

/** From this many listed barcodes the buttons are drawn under the list as well: its end is far from its top. */
const BOTTOM_BUTTONS_FROM = 10;
