import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Loader, Paper, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import type { PairingAnswer } from '@schemas/api/pairing';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { PageTitle } from '@/shared/barcode/page-title';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { codeText, useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { showToast } from '@/shared/ui/toasts';
import { useSending } from '@/shared/ui/use-sending';
import type { ScanEntry } from '@/shared/scan-list/scan-list';
import { useKeptList } from '@/shared/scan-list/use-kept-list';
import { checkUnpairing, unpairChildren, useDirectChildren, type UnpairInput } from '../api/pairing';
import { isAccepted, listSignature } from '../model/verdict';

type Plan = { signature: string } & (
  { answer: PairingAnswer; error?: undefined } | { answer?: undefined; error: unknown }
);

/**
 * `.../unpair` (restricted): all children or the selected ones leave this barcode. Every change
 * of the choice is checked by the server (a dry run), and the screen says what would happen
 * (which children, the count left) before the user confirms.
 */
export function UnpairPage() {
  const { t, i18n } = useTranslation('pairing');
  const { t: tc } = useTranslation();
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const navigate = useNavigate();
  const children = useDirectChildren(barcode.id);
  const [mode, setMode] = useState<'all' | 'selected'>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [plan, setPlan] = useState<Plan | null>(null);
  const { busy, send } = useSending();
  // The children chosen one by one are kept on the phone like a scan list, so a reload keeps the choice.
  const chosen = useMemo<ScanEntry[]>(
    () => (mode === 'selected' ? selected.map((id, key) => ({ key, text: id, reference: id, id })) : []),
    [mode, selected],
  );
  const restore = useCallback((kept: ScanEntry[]) => {
    setMode('selected');
    setSelected([...new Set(kept.map((e) => e.reference))]);
  }, []);
  const kept = useKeptList({ screen: 'unpair', barcodeId: barcode.id }, chosen, restore);

  const input: UnpairInput | null = useMemo(() => {
    if (mode === 'all') return { parentId: barcode.id, unpairAll: true };
    return selected.length > 0 ? { parentId: barcode.id, unpairAll: false, childrenIds: selected } : null;
  }, [mode, selected, barcode.id]);
  const signature = input ? `${mode}\n${listSignature(input.childrenIds ?? [])}` : '';

  useEffect(() => {
    if (!input) return undefined;
    let alive = true;
    checkUnpairing(input).then(
      (answer) => alive && setPlan({ signature, answer }),
      (error: unknown) => alive && setPlan({ signature, error }),
    );
    return () => {
      alive = false;
    };
    // The plan is for the choice `signature` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);

  if (barcode.relationActions?.unpair.code != null) return <Navigate to={detailPath} replace />;

  const current = input && plan?.signature === signature ? plan : null;
  const verdicts = current?.answer?.children ?? [];
  const refused = verdicts.filter((v) => !isAccepted(v)).length;
  const ready = current?.answer !== undefined && verdicts.length > 0 && refused === 0;
  const toggle = (id: string, on: boolean) => setSelected((now) => (on ? [...now, id] : now.filter((x) => x !== id)));
  const labelOf = (v: { id: string; externalId: string | null }) => v.externalId ?? v.id;

  const confirm = async () => {
    if (!input || !current?.answer) return;
    await send(async () => {
      const answer = await unpairChildren.send(input);
      await kept.forget();
      showToast('success', t('unpair.done', { count: answer.children.length }));
      await unpairChildren.revalidate({ ...input, childrenIds: answer.children.map((c) => c.id) });
      navigate(detailPath, { replace: true });
    });
  };

  return (
    <Stack gap="md">
      <PageTitle title={t('unpair.title')} barcode={barcode} detailPath={detailPath} />
      <Paper withBorder p="md" radius="md">
        <Radio.Group label={t('unpair.which')} value={mode} onChange={(value) => setMode(value as 'all' | 'selected')}>
          <Stack gap={6} mt={6}>
            <Radio value="all" label={t('unpair.all', { count: children.childrenTotal })} />
            <Radio value="selected" label={t('unpair.selected')} />
          </Stack>
        </Radio.Group>
        {mode === 'selected' && (
          <Stack gap={6} mt="md" data-testid="unpair-children">
            {children.isLoading && <Loader size="sm" aria-label={t('children.loading')} />}
            {children.error !== undefined && (
              <Alert color="red" variant="light">
                {errorText(children.error)}
              </Alert>
            )}
            {children.children.map((child) => {
              const type = child.barcodeType ? project.barcodeTypes[child.barcodeType] : undefined;
              return (
                <Checkbox
                  key={child.id}
                  checked={selected.includes(child.id)}
                  onChange={(e) => toggle(child.id, e.currentTarget.checked)}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <TypeIcon type={type} size={20} />
                      {child.externalId ?? child.id}
                    </Group>
                  }
                />
              );
            })}
            {children.hasMore && (
              <Button variant="subtle" onClick={children.loadMore} loading={children.isLoadingMore}>
                {t('children.more')}
              </Button>
            )}
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" data-testid="unpair-plan" aria-live="polite">
        <Text fw={600} mb="xs">
          {t('unpair.planTitle')}
        </Text>
        {!input && (
          <Text size="sm" c="dimmed">
            {t('unpair.chooseSome')}
          </Text>
        )}
        {input && !current && (
          <Group gap={6}>
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('unpair.checking')}</Text>
          </Group>
        )}
        {current?.error !== undefined && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(current.error)}
          </Text>
        )}
        {current?.answer && (
          <Stack gap={6}>
            <Text size="sm">
              {refused > 0
                ? t('unpair.planRefused', { count: refused })
                : t('unpair.plan', {
                    count: verdicts.length,
                    left: current.answer.reserved.count,
                    max: current.answer.reserved.max,
                  })}
            </Text>
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {verdicts.map((v) => {
                const type = v.barcodeType ? project.barcodeTypes[v.barcodeType] : undefined;
                return (
                  <Group key={v.id} component="li" gap={6} wrap="nowrap" data-testid="unpair-entry">
                    <TypeIcon type={type} size={20} />
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {labelOf(v)}
                    </Text>
                    {type && (
                      <Text size="xs" c="dimmed">
                        {type.name[language]}
                      </Text>
                    )}
                    {isAccepted(v) ? (
                      <Badge color="teal.9" variant="filled">
                        {t('list.accepted', { ns: 'scan-list' })}
                      </Badge>
                    ) : (
                      <Text size="xs" c="red.9">
                        {codeText(tc, v.code ?? 'unknown')}
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </Stack>
        )}
      </Paper>
      <Group grow>
        <Button variant="default" onClick={() => navigate(detailPath)}>
          {tc('common.cancel')}
        </Button>
        <Button color="red.9" onClick={() => void confirm()} disabled={!ready} loading={busy}>
          {t('unpair.submit', { count: verdicts.length })}
        </Button>
      </Group>
    </Stack>
  );
}
