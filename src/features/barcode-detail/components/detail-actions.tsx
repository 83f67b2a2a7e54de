import { Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconHistory,
  IconLink,
  IconLinkPlus,
  IconListSearch,
  IconPencil,
  IconPlus,
  IconRecycle,
  IconRoute,
  IconSitemap,
  IconCheck,
  IconStack2,
  IconStackPop,
  IconListCheck,
  IconPlayerSkipForward,
  IconBuildingWarehouse,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { nextTrackPoint, trackPointName, trackPointsOf } from '@/shared/barcode/labels';
import { codeText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import { undoTracking } from '../api/changes';
import { outboxItems } from '@/shared/api/outbox/outbox-items';
import { useStore } from '@/shared/ui/store';
import { detailActions, splitByRole, type DetailActionName } from '../model/detail-actions';
import { pendingSteps, trackingWaits } from '../model/pending-steps';
import { PendingSteps } from './pending-steps';
import { BARCODE_TITLE_ID } from './barcode-label';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { afterFirstScreen } from '@/shared/ui/first-screen';
import { lazyWithStyles } from '@/shared/ui/styles';

/*
 * The confirmations come in chunks of their own with Mantine's Modal, not with the detail page
 * a scanned link opens first: they are fetched once the page is up, so a tap finds them loaded
 * (and the service worker keeps them). Should one still be missing offline, the page says so
 * and stays as it was; its Try again reloads the page (a browser keeps a failed import failed
 * for the page's life), which loses nothing: the page holds no input.
 */
const loadUndoDialog = () => import('./undo-dialog');
const loadRecycleDialog = () => import('./recycle-dialog');
const UndoDialog = lazyWithStyles(() => loadUndoDialog().then((m) => ({ default: m.UndoDialog })));
const RecycleDialog = lazyWithStyles(() => loadRecycleDialog().then((m) => ({ default: m.RecycleDialog })));
const preloadDialogs = () => Promise.all([loadUndoDialog(), loadRecycleDialog()]);

/** How long a confirmation's closing transition takes to give the focus back: where it lands is checked after. */
const FOCUS_BACK_AFTER_MS = 400;

const ICONS = {
  activate: IconCheck,
  track: IconPlus,
  edit: IconPencil,
  undo: IconArrowBackUp,
  recycle: IconRecycle,
  history: IconHistory,
  scannedBarcodes: IconListSearch,
  trace: IconRoute,
  children: IconSitemap,
  pair: IconStack2,
  unpair: IconStackPop,
  linkTo: IconLink,
  beLinked: IconLinkPlus,
  bulkTracking: IconListCheck,
  bulkSkipTracking: IconPlayerSkipForward,
  bulkRecycle: IconRecycle,
  stockIn: IconBuildingWarehouse,
  stockOut: IconTruckDelivery,
};
const {
  activate,
  track,
  edit,
  history,
  scannedBarcodes,
  trace,
  children,
  pair,
  pairKht,
  unpair,
  linkTo,
  beLinked,
  linkKht,
  bulkTracking,
  bulkTrackingKht,
  bulkSkipTracking,
  bulkSkipTrackingKht,
  bulkRecycle,
  stockIn,
  stockOut,
} = paths.barcode;
type Screen = { getHref(project: Project, barcodeId: string): string };
/** The actions that open a screen under the barcode; the others (undo, recycle) confirm in a dialog. */
const SCREENS: Partial<Record<DetailActionName, Screen>> = {
  activate,
  track,
  edit,
  history,
  scannedBarcodes,
  trace,
  children,
  pair,
  unpair,
  linkTo,
  beLinked,
  bulkTracking,
  bulkSkipTracking,
  bulkRecycle,
  stockIn,
  stockOut,
};
/** On a handheld terminal, pairing, linking to targets and the bulk tracking screens open their handheld screens (trigger, no camera). */
const HANDHELD_SCREENS: Partial<Record<DetailActionName, Screen>> = {
  pair: pairKht,
  linkTo: linkKht,
  bulkTracking: bulkTrackingKht,
  bulkSkipTracking: bulkSkipTrackingKht,
};
const PRIMARY: DetailActionName[] = ['activate', 'track'];

interface DetailActionsProps {
  project: Project;
  barcode: Barcode;
  loggedIn: boolean;
  /** A handheld terminal (its own pair and link screens). */
  handheld?: boolean;
}

/**
 * The actions the viewer may take on this barcode now; those the barcode's state forbids,
 * disabled with the reason; those the viewer's role may not take, named together in one line.
 */
export function DetailActions({ project, barcode, loggedIn, handheld = false }: DetailActionsProps) {
  const { t, i18n } = useTranslation('barcode');
  const { t: tc } = useTranslation();
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<'undo' | 'recycle' | null>(null);
  // Mounted (closed) once its code is here, or at the first Undo: it then opens and closes with
  // its transition and gives the focus back to Undo.
  const [undoAsked, setUndoAsked] = useState(false);
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const { busy, send } = useSending();
  const next = nextTrackPoint(project, barcode);
  // What this user queued for this barcode and is not sent yet: shown first, and no second step
  // to the trackpoint one already goes to.
  const pending = pendingSteps(useStore(outboxItems), barcode.id);
  const actions = detailActions(project, barcode, loggedIn, trackingWaits(pending, next?.key));
  const { points, current } = trackPointsOf(project, barcode);
  const name = (key: string | undefined) => trackPointName(project, barcode.barcodeType, key ?? null, language);

  const label = (action: DetailActionName) =>
    action === 'track' && next ? t('actions.trackAt', { trackPoint: name(next.key) }) : t(`actions.${action}`);
  const run = (action: DetailActionName) => {
    const screen = (handheld ? HANDHELD_SCREENS[action] : undefined) ?? SCREENS[action];
    if (screen) navigate(screen.getHref(project, barcode.id));
    else {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (action === 'undo') setUndoAsked(true);
      setConfirming(action as 'undo' | 'recycle');
    }
  };
  // A dialog mounted already open (tapped before its code was here) has no focus to give back:
  // the button that opened it gets it, once the dialog's closing transition is over.
  const close = () => {
    setConfirming(null);
    const back = opener.current;
    window.setTimeout(() => {
      if (back?.isConnected && (document.activeElement === null || document.activeElement === document.body))
        back.focus();
    }, FOCUS_BACK_AFTER_MS);
  };
  const mayConfirm = actions.some((a) => a.enabled && (a.name === 'undo' || a.name === 'recycle'));
  useEffect(() => {
    if (!mayConfirm) return undefined;
    let alive = true;
    afterFirstScreen(
      () =>
        void preloadDialogs().then(
          () => alive && setDialogsLoaded(true),
          () => undefined,
        ),
    );
    return () => {
      alive = false;
    };
  }, [mayConfirm]);
  const cannotOpen = (
    <Alert
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel={tc('common.close')}
      onClose={close}
    >
      <Text size="sm">{tc('outbox.dialogOffline')}</Text>
      <Group justify="flex-end" mt="xs">
        <Button size="xs" variant="light" onClick={() => window.location.reload()}>
          {tc('outbox.tryAgain')}
        </Button>
      </Group>
    </Alert>
  );

  const undo = () =>
    send(
      async () => {
        // The step this screen shows as the latest: a second tap cannot take back the one before.
        const body = { barcodeId: barcode.id, seq: barcode.latestTrackingSeq ?? 0 };
        await undoTracking.send(body);
        setConfirming(null);
        showToast('success', t('undo.done'));
        await undoTracking.revalidate(body);
        // The dialog hands the focus back to Undo, which may be gone with the step it took back:
        // a keyboard or screen-reader user lands on the barcode's title, not at the top of the page
        // (after the dialog's closing transition, when it has given the focus back).
        window.setTimeout(() => {
          if (document.activeElement === null || document.activeElement === document.body)
            document.getElementById(BARCODE_TITLE_ID)?.focus();
        }, FOCUS_BACK_AFTER_MS);
        // Queued in the outbox: the dialog closes too, so the same undo cannot be sent twice.
      },
      () => setConfirming(null),
      () => setConfirming(null),
    );

  // What the role may not do is said once, in one line, not as a greyed button each.
  const { shown, notForRole } = splitByRole(actions);
  const primary = shown.filter((a) => PRIMARY.includes(a.name));
  const secondary = shown.filter((a) => !PRIMARY.includes(a.name));
  const button = (action: (typeof actions)[number], size: 'lg' | 'md') => {
    const Icon = ICONS[action.name];
    const hint = action.disabledReason
      ? action.disabledReason === 'pendingStep'
        ? tc('outbox.pendingStepHint', { trackPoint: name(next?.key) })
        : t(`actions.${action.disabledReason}`)
      : action.disabledCode !== undefined
        ? codeText(tc, action.disabledCode)
        : undefined;
    return (
      <div key={action.name}>
        <Button
          fullWidth
          size={size}
          variant={size === 'lg' ? 'filled' : 'light'}
          leftSection={<Icon size={18} aria-hidden />}
          disabled={!action.enabled}
          onClick={() => run(action.name)}
          aria-describedby={hint ? `${action.name}-hint` : undefined}
          title={hint}
        >
          {label(action.name)}
        </Button>
        {hint && (
          <Text id={`${action.name}-hint`} size="xs" c="dimmed" mt={4}>
            {hint}
          </Text>
        )}
      </div>
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {pending.length > 0 && <PendingSteps project={project} barcode={barcode} steps={pending} />}
        {primary.map((a) => button(a, 'lg'))}
        {/* Two columns while two 9.5rem buttons fit, else one: large text (200 %) gets whole rows. */}
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))',
            gap: 'var(--mantine-spacing-sm)',
          }}
        >
          {secondary.map((a) => button(a, 'md'))}
        </Box>
        {notForRole.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="not-for-role">
            {t('actions.notForRole', {
              count: notForRole.length,
              actions: new Intl.ListFormat(language, { type: 'conjunction' }).format(
                notForRole.map((a) => label(a.name)),
              ),
            })}
          </Text>
        )}
      </Stack>
      {(undoAsked || dialogsLoaded) && actions.some((a) => a.name === 'undo') && (
        <ErrorBoundary resetKey={confirming} fallback={() => (confirming === 'undo' ? cannotOpen : null)}>
          <Suspense fallback={null}>
            <UndoDialog
              opened={confirming === 'undo'}
              busy={busy}
              onCancel={close}
              onConfirm={() => void undo()}
              question={t('undo.confirm', {
                trackPoint: name(points[current]?.key),
                previous: name(points[current - 1]?.key),
              })}
            />
          </Suspense>
        </ErrorBoundary>
      )}
      {confirming === 'recycle' && (
        <ErrorBoundary fallback={() => cannotOpen}>
          <Suspense fallback={null}>
            <RecycleDialog project={project} barcode={barcode} onClose={close} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Paper>
  );
}
