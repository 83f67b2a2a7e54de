import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Barcode } from '@schemas/api/barcode';
import type { LinkedBarcode } from '@schemas/api/pairing';
import type { Language } from '@schemas/languages';
import { useBarcode } from '@/shared/api/use-barcode';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { trackPointName } from '@/shared/barcode/labels';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useProfile } from '@/shared/session/use-profile';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import { undoLinking, useLinkedBarcodes } from '../api/pairing';

/** The barcode this one is paired under, by its label. */
function ParentLink({ id }: { id: string }) {
  const project = useCurrentProject();
  const { data } = useBarcode(project.code, id);
  return (
    <Anchor component={Link} to={paths.barcode.getHref(project, id)} data-testid="parent-link">
      {data?.externalId ?? id}
    </Anchor>
  );
}

function LinkRow({ link, onUndo }: { link: LinkedBarcode; onUndo?: () => void }) {
  const { t, i18n } = useTranslation('pairing');
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const type = link.barcodeType ? project.barcodeTypes[link.barcodeType] : undefined;
  const label = link.externalId ?? link.id;
  return (
    <Group component="li" wrap="nowrap" justify="space-between" data-testid="link-row" data-direction={link.direction}>
      <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
        <TypeIcon type={type} size={24} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={paths.barcode.getHref(project, link.id)}
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {label}
          </Anchor>
          <Text size="xs" c="dimmed">
            {type?.name[language] ?? ''}
            {link.isActivated && link.currentTrackPointKey
              ? ` · ${trackPointName(project, link.barcodeType, link.currentTrackPointKey, language)}`
              : ''}
          </Text>
        </Stack>
      </Group>
      {onUndo && (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconArrowBackUp size={16} aria-hidden />}
          onClick={onUndo}
          aria-label={t('links.undoOne', { code: label })}
        >
          {t('links.undo')}
        </Button>
      )}
    </Group>
  );
}

function LinkList({
  title,
  links,
  onUndo,
}: {
  title: string;
  links: LinkedBarcode[];
  onUndo?: (link: LinkedBarcode) => void;
}) {
  if (links.length === 0) return null;
  return (
    <div>
      <Title order={3} size="h6" mb={4}>
        {title}
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {links.map((link) => (
          <LinkRow key={`${link.direction}-${link.id}`} link={link} onUndo={onUndo && (() => onUndo(link))} />
        ))}
      </Stack>
    </div>
  );
}

/** The links both ways, loaded only when the barcode has any. */
function Links({ barcode, loggedIn }: { barcode: Barcode; loggedIn: boolean }) {
  const { t } = useTranslation('pairing');
  const errorText = useErrorText();
  const { data, error, isLoading } = useLinkedBarcodes(barcode.id);
  const [undoing, setUndoing] = useState<LinkedBarcode | null>(null);
  const { busy, send } = useSending();
  const undo = async () => {
    if (!undoing) return;
    const body = { barcodeId: barcode.id, linkedBarcodeId: undoing.id };
    await send(
      async () => {
        await undoLinking.send(body);
        setUndoing(null);
        showToast('success', t('links.undone'));
        await undoLinking.revalidate(body);
      },
      () => setUndoing(null),
    );
  };
  const onUndo = loggedIn ? setUndoing : undefined;
  return (
    <Stack gap="sm" data-testid="links">
      {isLoading && <Loader size="sm" aria-label={t('links.loading')} />}
      {error !== undefined && (
        <Alert color="red" variant="light">
          {errorText(error)}
        </Alert>
      )}
      {data && (
        <>
          <LinkList title={t('links.linkTo')} links={data.filter((l) => l.direction === 'link-to')} onUndo={onUndo} />
          <LinkList
            title={t('links.beLinked')}
            links={data.filter((l) => l.direction === 'be-linked')}
            onUndo={onUndo}
          />
        </>
      )}
      <Modal
        opened={undoing !== null}
        onClose={() => setUndoing(null)}
        title={t('links.undoTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close', { ns: 'common' }) }}
      >
        <Text>{t('links.undoConfirm', { code: undoing?.externalId ?? undoing?.id ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setUndoing(null)}>
            {t('common.cancel', { ns: 'common' })}
          </Button>
          <Button color="orange" loading={busy} onClick={() => void undo()}>
            {t('links.undo')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * On the detail page: where the barcode stands among parents, children and links (its parent,
 * its children count of the reserved count, its links both ways, each with undo for users).
 * Shown only when there is something to say.
 */
export function RelationsSection() {
  const { t } = useTranslation('pairing');
  const project = useCurrentProject();
  const { barcode } = useCurrentBarcode();
  const { data: profile } = useProfile();
  const { hierarchy } = barcode;
  const linkCount = hierarchy.linkToCount + hierarchy.beLinkedCount;
  if (!hierarchy.parentId && hierarchy.childrenCount === 0 && linkCount === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" data-testid="relations">
      <Title order={2} size="h5" mb="xs">
        {t('relations.title')}
      </Title>
      <Stack gap="sm">
        {hierarchy.parentId && (
          <Text size="sm">
            {t('relations.pairedUnder')} <ParentLink id={hierarchy.parentId} />
          </Text>
        )}
        {hierarchy.childrenCount > 0 && (
          <Text size="sm" data-testid="children-count">
            {t('relations.children', { count: hierarchy.childrenCount, max: hierarchy.maxChildren })}{' '}
            <Anchor component={Link} to={paths.barcode.children.getHref(project, barcode.id)}>
              {t('relations.viewChildren')}
            </Anchor>
          </Text>
        )}
        {linkCount > 0 && <Links barcode={barcode} loggedIn={Boolean(profile)} />}
      </Stack>
    </Paper>
  );
}
