import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { BulkVerdict } from '@schemas/api/bulk';
import { ApiError, isQueued } from '@/shared/api/errors';
import type { Mutation } from '@/shared/api/mutation';
import { outboxItems } from '@/shared/api/outbox/outbox-items';
import { refusalError } from '@/shared/api/outbox/outbox-refusal';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { outcomesOf, refusalsOf, listedIds } from '@/shared/scan-list/bulk-list';
import { paths } from '@/shared/paths';
import { BulkListView } from '@/shared/scan-list/bulk-list-view';
import { ScanInput } from '@/shared/scan-list/scan-input';
import type { BulkCheck, useBulkList } from '@/shared/scan-list/use-bulk-list';
import { StepFlowScreen } from '@/shared/step-flow/step-flow-screen';
import { showMessage } from '@/shared/ui/message-dialog';

export type BulkList = ReturnType<typeof useBulkList>;

/** A dry run's answer as the list reads it: one verdict per id sent, in order. */
export const verdictsOf = (answer: { barcodes: BulkVerdict[] }) => answer.barcodes;

/** Adapts a dry run answering `{ barcodes }` to the list's check. */
export const asCheck =
  <A extends { barcodes: BulkVerdict[] }>(dryRun: (ids: string[]) => Promise<A>): BulkCheck =>
  async (ids) =>
    verdictsOf(await dryRun(ids));

/** 'queued': no answer, the list waits in the outbox (locked like 'done', each outcome shown once it lands). */
type Phase = 'list' | 'sending' | 'done' | 'queued';

/** The outbox's entry holding a list just queued: the newest not yet sent whose body is the one sent. */
const queuedEntryOf = (input: unknown): number | null => {
  const sent = JSON.stringify(input);
  const found = outboxItems
    .get()
    .filter((item) => item.state !== 'sent' && JSON.stringify(item.data) === sent)
    .at(-1);
  return found?.seq ?? null;
};

/**
 * Sending a bulk list: the list is locked and a progress bar shows while the one request runs; on
 * success the screen shows each barcode's outcome and says so in place (no toast: one would
 * cover the way back to the barcode), forgets the phone's copy of the list and revalidates what
 * the change made stale; a refusal (all or nothing: nothing was written) marks the refused
 * entries with the server's codes in the list and says why in the message dialog.
 *
 * A list that got no answer waits in the outbox, locked; the screen follows its entry there, and
 * when the outbox sends it, shows the server's answer per barcode where the list is: all taken
 * (the done message, as if sent now), or refused (nothing written): the refused barcodes with
 * their reasons, the list open again to change and send, and a way to the outbox entry.
 */
export function useBulkSubmit(list: BulkList) {
  const { t } = useTranslation('bulk');
  const errorText = useErrorText();
  const [phase, setPhase] = useState<Phase>('list');
  const [doneText, setDoneText] = useState('');
  // The queued list's outbox entry, and what the screen says once it is answered.
  const [queuedSeq, setQueuedSeq] = useState<number | null>(null);
  const landing = useRef<{ done(answer: unknown): string; revalidate(): Promise<unknown> } | null>(null);
  const [replayRefused, setReplayRefused] = useState<{ count: number; reason: string } | null>(null);
  // The list as it is now, for the outbox's answer (which comes whenever it comes).
  const listNow = useRef(list);
  useEffect(() => {
    listNow.current = list;
  });
  useEffect(() => {
    if (queuedSeq === null) return undefined;
    const land = () => {
      const entry = outboxItems.get().find((item) => item.seq === queuedSeq);
      if (entry?.state !== 'sent' && entry?.state !== 'refused') return;
      const current = listNow.current;
      setQueuedSeq(null);
      if (entry.state === 'sent') {
        current.settle(outcomesOf(current.state));
        setPhase('done');
        const said = entry.result === undefined ? '' : ` ${landing.current?.done(entry.result) ?? ''}`;
        setDoneText(`${t('queued.delivered')}${said}`);
        void landing.current?.revalidate();
        return;
      }
      const outcomes = outcomesOf(current.state, entry.refusal);
      current.reopen();
      current.settle(outcomes);
      // A refusal of the list as a whole (no barcode named) is said in its own words.
      const reason = errorText(refusalError(entry.refusal));
      setReplayRefused({ count: outcomes.filter((o) => o.code !== null).length, reason });
      setPhase('list');
    };
    land();
    return outboxItems.subscribe(land);
  }, [queuedSeq, t, errorText]);
  /** Sends; resolves true once the server agreed (the outcome shows), false after a refusal. */
  const submit = async <I, O>(
    mutation: Mutation<I, O>,
    input: I,
    texts: { done: (answer: O) => string; failed: string },
  ): Promise<boolean> => {
    setPhase('sending');
    setReplayRefused(null);
    try {
      const answer = await mutation.send(input);
      setPhase('done');
      setDoneText(texts.done(answer));
      list.markSent();
      await mutation.revalidate(input);
      return true;
    } catch (error) {
      if (isQueued(error)) {
        // Waiting in the outbox: the list is kept as sent (locked), so it cannot be sent twice.
        const queued = errorText(error);
        setPhase('queued');
        setDoneText(queued);
        list.markSent();
        landing.current = {
          done: texts.done as (answer: unknown) => string,
          revalidate: () => mutation.revalidate(input),
        };
        setQueuedSeq(queuedEntryOf(input));
        return true;
      }
      setPhase('list');
      if (error instanceof ApiError) list.refuse(refusalsOf(list.state, error.fields, error.reasons));
      showMessage({ title: texts.failed, body: errorText(error) });
      return false;
    }
  };
  return {
    phase,
    submit,
    doneText,
    sending: phase === 'sending',
    done: phase === 'done' || phase === 'queued',
    /** The list waited in the outbox and was refused when sent: how many barcodes it refused, and why (null: none of this). */
    replayRefused,
    reset: () => {
      setReplayRefused(null);
      setPhase('list');
    },
  };
}

export interface BulkScreenProps {
  title: string;
  /** The scanner remembers its symbology per route name. */
  routeName: string;
  handheld: boolean;
  list: BulkList;
  sending: ReturnType<typeof useBulkSubmit>;
  /** What the list is for, above it (the trackpoint, the location). */
  intro?: ReactNode;
  /** The button(s) under the list: Submit, Next, ... */
  actions: ReactNode;
  /** The word on each barcode's outcome once done ('Tracked', 'Recycled', ...). */
  doneLabel: string;
  /** Drawn instead of the scan input and the list (e.g. the forms filled once for all of them). */
  children?: ReactNode;
  /** Why the entries are not checked yet (see BulkListView's `waiting`). */
  waiting?: { status: string; row: string };
}

/** The way to the outbox: a thumb's target, like the list's own buttons. */
const OUTBOX_LINK_STYLE = { display: 'inline-flex', alignItems: 'center', minHeight: 44 } as const;

/** From this many listed barcodes the actions are drawn under the list as well: its end is far from its top. */
export const BOTTOM_ACTIONS_FROM = 10;

/**
 * The frame of a bulk screen: title, what it is for, the scan input (camera bulk mode, trigger,
 * typing, pasting), the list with each entry's verdict, and the actions (under a long list
 * too). The list is kept on the phone (useBulkList's `keep`), so leaving or reloading loses
 * nothing and nothing asks before leaving; a list given back after a reload says so.
 */
export function BulkScreen({
  title,
  routeName,
  handheld,
  list,
  sending,
  intro,
  actions,
  doneLabel,
  children,
  waiting,
}: BulkScreenProps) {
  const { t } = useTranslation('bulk');
  const { t: ts } = useTranslation('scan-list');
  const project = useCurrentProject();
  const { detailPath } = useCurrentBarcode();
  const navigate = useNavigate();
  return (
    <StepFlowScreen flow={{ guard: { dirty: false } }} title={title}>
      {intro}
      {list.restoredCount > 0 && !sending.done && !children && (
        <Alert variant="light" data-testid="list-restored">
          {ts('list.restored', { count: list.restoredCount })}
        </Alert>
      )}
      {sending.replayRefused && !sending.done && (
        <Alert color="red" variant="light" role="alert" data-testid="bulk-replay-refused">
          <Text>
            {sending.replayRefused.count > 0
              ? t('queued.refused', { count: sending.replayRefused.count })
              : t('queued.refusedWhole', { reason: sending.replayRefused.reason })}
          </Text>
          <Anchor component={Link} to={paths.outbox.getHref(project)} style={OUTBOX_LINK_STYLE}>
            {t('queued.openOutbox')}
          </Anchor>
        </Alert>
      )}
      {sending.done ? (
        <Alert
          color={sending.phase === 'queued' ? 'blue' : 'teal'}
          variant="light"
          role="status"
          data-testid="bulk-done"
        >
          <Stack gap="sm">
            <Text>{sending.doneText}</Text>
            {sending.phase === 'queued' && (
              <Anchor component={Link} to={paths.outbox.getHref(project)} style={OUTBOX_LINK_STYLE}>
                {t('queued.openOutbox')}
              </Anchor>
            )}
            <Group>
              <Button onClick={() => navigate(detailPath, { replace: true })}>{t('done.back')}</Button>
              <Button
                variant="default"
                onClick={() => {
                  list.clear();
                  sending.reset();
                }}
              >
                {t('done.newList')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        !children && <ScanInput routeName={routeName} handheld={handheld} onAdd={list.add} />
      )}
      {list.summary.canQueue && !sending.done && !children && (
        <Alert variant="light" data-testid="queue-hint">
          {ts('list.queueHint')}
        </Alert>
      )}
      {sending.sending && (
        <Paper withBorder p="md" radius="md" role="status" data-testid="bulk-progress">
          <Text size="sm" mb="xs">
            {t('sending', { count: list.summary.total })}
          </Text>
          <Progress value={100} striped animated aria-label={t('sending', { count: list.summary.total })} />
        </Paper>
      )}
      {children}
      {!sending.done && !children && <Group grow>{actions}</Group>}
      {!children && (
        <BulkListView
          project={project}
          state={list.state}
          summary={list.summary}
          onRemove={list.remove}
          onRemoveNotReady={list.removeNotReady}
          onRecheck={list.recheck}
          onClear={list.clear}
          waiting={waiting}
          disabled={sending.sending || sending.done}
          readyLabel={sending.phase === 'done' ? doneLabel : undefined}
        />
      )}
      {!sending.done && !children && list.summary.total >= BOTTOM_ACTIONS_FROM && (
        <Group grow data-testid="bottom-actions">
          {actions}
        </Group>
      )}
    </StepFlowScreen>
  );
}

/** The ids a bulk request sends: every listed entry's, in list order. */
export const idsOf = (list: BulkList) => listedIds(list.state);
