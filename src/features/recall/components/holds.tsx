import { useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HoldAnswer, RecallHolds } from '@schemas/api/recall';
import type { Language } from '@schemas/languages';
import { newIdempotencyKey } from '@/shared/api/client';
import { holdPackages, planHold, releaseHolds, useRecallHolds } from '../api/recall';
import {
  checkHoldForm,
  EMPTY_HOLD,
  holdBodyOf,
  holdOutcome,
  REASON_MAX,
  REFERENCE_MAX,
  releaseBodyOf,
  skipGroups,
  type HoldForm,
  type HoldProblem,
  type HoldProblems,
} from '../model/hold';
import type { RecallStart } from '../model/start';

/** What the screen says after a hold or a release, until the next one. */
export type HoldNotice = string | null;

/**
 * Sends at most one request at a time: the button shows it loading (and cannot be pressed), and a
 * second tap that lands before React draws that is dropped here.
 */
function useOnce() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}

/** A problem of the hold or release form in words (the longest text allowed named, not written in the strings). */
function useProblemText() {
  const { t } = useTranslation('recall');
  return (problem: HoldProblem | undefined) =>
    problem === undefined
      ? undefined
      : t(`recall.hold.invalid.${problem}`, { max: problem === 'tooLongReference' ? REFERENCE_MAX : REASON_MAX });
}

/** The reason input of both dialogs: required, its error said under it and tied to it. */
function ReasonInput({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange(value: string): void;
  problem: string | undefined;
}) {
  const { t } = useTranslation('recall');
  return (
    <Textarea
      label={t('recall.hold.reason')}
      description={t('recall.hold.reasonHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={problem}
      required
      autosize
      minRows={2}
      maxLength={REASON_MAX}
    />
  );
}

/** The packages a hold would leave out, each recall and "not activated" on its own line. */
function Skipped({ skipped, labelOf }: { skipped: HoldAnswer['skipped']; labelOf(id: string): string }) {
  const { t } = useTranslation('recall');
  const groups = skipGroups(skipped);
  if (groups.length === 0) return null;
  return (
    <Stack gap={2} data-testid="recall-hold-skipped">
      <Text size="sm" fw={600}>
        {t('recall.hold.skippedTitle', { count: skipped.length })}
      </Text>
      <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
        {groups.map((group) => (
          <li key={`${group.why}:${group.reference ?? ''}`}>
            <Text size="sm" component="span" style={{ wordBreak: 'break-word' }}>
              {group.why === 'heldForAnother'
                ? t('recall.hold.skippedOther', { count: group.packages.length, reference: group.reference ?? '' })
                : t('recall.hold.skippedNotActivated', { count: group.packages.length })}
              {': '}
              {group.packages.map((p) => labelOf(p.id)).join(', ')}
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}

/**
 * Put on hold: the recall's reference and why, then a dry run that says in words what the hold
 * would do (how many, and which are left out and why), then the hold once the user confirms.
 */
function HoldDialog({
  projectId,
  start,
  touched,
  labelOf,
  failureText,
  onClose,
  onDone,
}: {
  projectId: string;
  start: RecallStart;
  touched: readonly string[];
  labelOf(id: string): string;
  failureText(error: unknown): string;
  onClose(): void;
  onDone(answer: HoldAnswer): void;
}) {
  const { t } = useTranslation('recall');
  const [form, setForm] = useState<HoldForm>(EMPTY_HOLD);
  const [problems, setProblems] = useState<HoldProblems>({});
  const problemText = useProblemText();
  const [plan, setPlan] = useState<{ form: HoldForm; answer: HoldAnswer; key: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const { busy, run } = useOnce();
  const set = (key: keyof HoldForm, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };
  const problem = (key: keyof HoldForm) => problemText(problems[key]);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHoldForm(form);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    void run(async () => {
      setFailure(null);
      try {
        const answer = await planHold(holdBodyOf(projectId, start, checked.ok, true));
        // One key per confirmation: a second tap or a retry of it is one hold.
        setPlan({ form: checked.ok, answer, key: newIdempotencyKey() });
      } catch (error) {
        setFailure(error);
      }
    });
  };

  const confirm = () =>
    void run(async () => {
      if (!plan) return;
      setFailure(null);
      const write = { body: holdBodyOf(projectId, start, plan.form, false), key: plan.key, touched };
      try {
        const answer = await holdPackages.send(write);
        onDone(answer);
        onClose();
        await holdPackages.revalidate(write);
      } catch (error) {
        setFailure(error);
      }
    });

  const outcome = plan ? holdOutcome(plan.answer) : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('recall.hold.title')}
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
      centered
    >
      {plan && outcome ? (
        <Stack gap="sm" data-testid="recall-hold-confirm">
          <Text fw={700} style={{ wordBreak: 'break-word' }}>
            {outcome.added > 0
              ? t('recall.hold.confirm', { count: outcome.added, reference: plan.form.reference })
              : t('recall.hold.nothingNew', { reference: plan.form.reference })}
          </Text>
          {outcome.already > 0 && (
            <Text size="sm">
              {t('recall.hold.alreadyHeld', { count: outcome.already, reference: plan.form.reference })}
            </Text>
          )}
          <Skipped skipped={plan.answer.skipped} labelOf={labelOf} />
          <Text size="sm" c="dimmed">
            {t('recall.hold.effect')}
          </Text>
          {failure !== null && (
            <Alert color="red" variant="light" role="alert" title={t('recall.hold.failed')}>
              {failureText(failure)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPlan(null)} disabled={busy}>
              {t('recall.hold.back')}
            </Button>
            {outcome.added > 0 && (
              <Button color="red.9" loading={busy} onClick={confirm}>
                {t('recall.hold.confirmButton', { count: outcome.added })}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <form onSubmit={ask} noValidate aria-label={t('recall.hold.title')} data-testid="recall-hold-form">
          <Stack gap="sm">
            <Text size="sm">{t('recall.hold.intro')}</Text>
            <TextInput
              label={t('recall.hold.reference')}
              description={t('recall.hold.referenceHint')}
              value={form.reference}
              onChange={(e) => set('reference', e.currentTarget.value)}
              error={problem('reference')}
              required
              maxLength={REFERENCE_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            <ReasonInput value={form.reason} onChange={(v) => set('reason', v)} problem={problem('reason')} />
            {failure !== null && (
              <Alert color="red" variant="light" role="alert" title={t('recall.hold.checkFailed')}>
                {failureText(failure)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel', { ns: 'common' })}
              </Button>
              <Button type="submit" loading={busy}>
                {t('recall.hold.check')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The "Put on hold" action under a trace with results. */
export function HoldAction({
  projectId,
  start,
  touched,
  labelOf,
  failureText,
  onNotice,
}: {
  projectId: string;
  start: RecallStart;
  touched: readonly string[];
  labelOf(id: string): string;
  failureText(error: unknown): string;
  onNotice(notice: HoldNotice): void;
}) {
  const { t } = useTranslation('recall');
  const [open, setOpen] = useState(false);
  const done = (answer: HoldAnswer) => {
    const outcome = holdOutcome(answer);
    onNotice(
      [
        t('recall.hold.done', { count: outcome.added, reference: answer.reference }),
        outcome.already > 0 ? t('recall.hold.doneAlready', { count: outcome.already }) : '',
        outcome.skipped > 0 ? t('recall.hold.doneSkipped', { count: outcome.skipped }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    );
  };
  return (
    <Stack gap={4} data-testid="recall-hold">
      <Button color="red.9" variant="outline" onClick={() => setOpen(true)}>
        {t('recall.hold.open')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('recall.hold.openHint')}
      </Text>
      {open && (
        <HoldDialog
          projectId={projectId}
          start={start}
          touched={touched}
          labelOf={labelOf}
          failureText={failureText}
          onClose={() => setOpen(false)}
          onDone={done}
        />
      )}
    </Stack>
  );
}

/** What a release takes off hold: all of a recall's packages, or one of them. */
export interface ReleaseTarget {
  reference: string;
  /** Every package of the recall (with their count), or one package (its id and label). */
  scope: { all: number } | { id: string; label: string };
}

/** Release: the question in words, the reason asked, then the release. */
export function ReleaseDialog({
  projectId,
  target,
  touched,
  failureText,
  onClose,
  onNotice,
}: {
  projectId: string;
  target: ReleaseTarget;
  touched: readonly string[];
  failureText(error: unknown): string;
  onClose(): void;
  onNotice(notice: HoldNotice): void;
}) {
  const { t } = useTranslation('recall');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<HoldProblems>({});
  const problemText = useProblemText();
  const [failure, setFailure] = useState<unknown>(null);
  // One key per dialog: a second tap or a retry of it is one release.
  const [key] = useState(newIdempotencyKey);
  const { busy, run } = useOnce();
  const one = 'id' in target.scope ? target.scope : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkHoldForm({ reference: target.reference, reason }, false);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    const write = {
      body: releaseBodyOf(projectId, target.reference, checked.ok.reason, one ? [one.id] : undefined),
      key,
      touched,
    };
    void run(async () => {
      setFailure(null);
      try {
        const answer = await releaseHolds.send(write);
        onNotice(t('recall.release.done', { count: answer.released, reference: answer.reference }));
        onClose();
        await releaseHolds.revalidate(write);
      } catch (error) {
        setFailure(error);
      }
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('recall.release.title')}
      closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
      centered
    >
      <form onSubmit={submit} noValidate aria-label={t('recall.release.title')} data-testid="recall-release-form">
        <Stack gap="sm">
          <Text fw={700} style={{ wordBreak: 'break-word' }}>
            {one
              ? t('recall.release.confirmOne', { label: one.label, reference: target.reference })
              : t('recall.release.confirmAll', {
                  count: 'all' in target.scope ? target.scope.all : 0,
                  reference: target.reference,
                })}
          </Text>
          <ReasonInput
            value={reason}
            onChange={(v) => {
              setReason(v);
              setProblems({});
            }}
            problem={problemText(problems.reason)}
          />
          {failure !== null && (
            <Alert color="red" variant="light" role="alert" title={t('recall.release.failed')}>
              {failureText(failure)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={busy}>
              {one ? t('recall.release.one') : t('recall.release.all')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** One recall in force: its reference, count, reason, who began it and when, and "Release all". */
function RecallInForce({ recall, onRelease }: { recall: RecallHolds; onRelease(): void }) {
  const { t, i18n } = useTranslation('recall');
  const language = i18n.language as Language;
  const when = useMemo(
    () =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(recall.heldAt)),
    [language, recall.heldAt],
  );
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="recall-in-force" data-reference={recall.reference}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} style={{ wordBreak: 'break-word' }}>
            {recall.reference}
          </Text>
          <Badge variant="light" color="red">
            {t('recall.holds.count', { count: recall.count })}
          </Badge>
        </Group>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {t('recall.holds.reason', { reason: recall.reason })}
        </Text>
        <Text size="xs" c="dimmed">
          {recall.heldBy
            ? t('recall.holds.since', { time: when, name: recall.heldBy })
            : t('recall.holds.sinceNoName', { time: when })}
        </Text>
        <Group>
          <Button variant="light" onClick={onRelease}>
            {t('recall.release.all')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The project's recalls in force (GET /recall/holds), each with "Release all". Nothing is drawn
 * while none is in force; a failure to read them says so, with a retry.
 */
export function HoldsInForce({
  projectId,
  touchedOf,
  failureText,
  onNotice,
}: {
  projectId: string;
  /** The packages of the trace on screen held for a recall: their detail changes with its release. */
  touchedOf(reference: string): string[];
  failureText(error: unknown): string;
  onNotice(notice: HoldNotice): void;
}) {
  const { t } = useTranslation('recall');
  const { data, error, isLoading, mutate } = useRecallHolds(projectId, true);
  const [releasing, setReleasing] = useState<RecallHolds | null>(null);
  if (isLoading)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('recall.holds.loading')}</Text>
      </Group>
    );
  if (error !== undefined)
    return (
      <Alert color="red" variant="light" title={t('recall.holds.failed')} data-testid="recall-holds-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{failureText(error)}</Text>
          <Button variant="light" onClick={() => void mutate()}>
            {t('recall.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="recall-holds-title" data-testid="recall-holds">
      <Title order={2} size="h4" id="recall-holds-title">
        {t('recall.holds.title')}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.map((recall) => (
          <RecallInForce key={recall.reference} recall={recall} onRelease={() => setReleasing(recall)} />
        ))}
      </Stack>
      {releasing && (
        <ReleaseDialog
          projectId={projectId}
          target={{ reference: releasing.reference, scope: { all: releasing.count } }}
          touched={touchedOf(releasing.reference)}
          failureText={failureText}
          onClose={() => setReleasing(null)}
          onNotice={onNotice}
        />
      )}
    </Stack>
  );
}
