import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { proceedHistory, setHistoryHold } from './history-guard';

export interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** Moves between pages under this path (the steps of one flow) are not leaving. */
  allowPrefix?: string;
  /** The user chose to leave: forget the draft. */
  onLeave?(): void;
}

type Pending = { kind: 'link'; to: string } | { kind: 'history'; delta: number };

/**
 * While `dirty`, leaving the screen asks 'There are unsaved change. Do you want to leave?':
 * links and the browser's back and forward buttons through a dialog, closing or reloading the
 * tab through the browser's own prompt.
 *
 * Done without react-router's useBlocker, which needs the data router (more code on the first
 * load of every phone, against FIRST_LOAD_BUDGET_BYTES, docs/engineers/performance.md): a
 * capturing click listener stops a link before react-router sees it, and the history guard
 * (installed before the router) undoes a back/forward move and asks first. Navigations the app
 * makes itself after saving pass: `dirty` is false by then.
 */
export function UnsavedChangesGuard({ dirty, allowPrefix, onLeave }: UnsavedChangesGuardProps) {
  const { t } = useTranslation('barcode');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => {
    if (!dirty) return undefined;
    const isLeaving = (to: string) => to !== pathname && !(allowPrefix && to.startsWith(allowPrefix));
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || !isLeaving(url.pathname)) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ kind: 'link', to: url.pathname + url.search + url.hash });
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    document.addEventListener('click', onClick, true);
    setHistoryHold((delta, to) => {
      if (!isLeaving(to)) return false;
      setPending({ kind: 'history', delta });
      return true;
    });
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      setHistoryHold(null);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, pathname, allowPrefix]);

  const leave = () => {
    const target = pending;
    setPending(null);
    onLeave?.();
    if (target?.kind === 'link') navigate(target.to);
    if (target?.kind === 'history') proceedHistory(target.delta);
  };

  return (
    <Modal
      opened={pending !== null}
      onClose={() => setPending(null)}
      withCloseButton={false}
      centered
      title={t('unsaved.title')}
    >
      <Text>{t('unsaved.message')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => setPending(null)}>
          {t('unsaved.stay')}
        </Button>
        <Button color="red" onClick={leave}>
          {t('unsaved.leave')}
        </Button>
      </Group>
    </Modal>
  );
}
