import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Code, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@schemas/api/admin';
import { translateError } from '@/shared/i18n/error-message';
import { ScreenLoader } from '@/shared/ui/screen-loader';
import { NO_AUDIT_FILTERS, useAuditLog, type AuditFilters } from '../api/audit-log';
import { Pager } from './pager';

const PAGE_SIZE = 20;

/** A day typed as YYYY-MM-DD, as the instant it starts here (ISO); `nextDay` for an inclusive end. */
function dayStart(day: string, nextDay = false): string {
  if (!day) return '';
  const date = new Date(`${day}T00:00:00`);
  if (nextDay) date.setDate(date.getDate() + 1);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value, null, 2));

function EntryCard({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation('admin');
  const before = json(entry.before);
  const after = json(entry.after);
  return (
    <Card withBorder padding="sm" component="li" data-testid="audit-entry">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Badge variant="light" style={{ textTransform: 'none' }}>
            {entry.action}
          </Badge>
          <Text size="sm" c="dimmed">
            {new Date(entry.at).toLocaleString(i18n.language)}
          </Text>
        </Group>
        <Text size="sm">
          <b>{t('audit.by')}:</b> {entry.actorName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <b>{t('audit.target')}:</b> {entry.targetType} {entry.targetId}
          {entry.projectCode ? ` · ${entry.projectCode}` : ''}
        </Text>
        {entry.note && (
          <Text size="sm">
            <b>{t('audit.note')}:</b> {entry.note}
          </Text>
        )}
        <details>
          <summary>
            <Text span size="sm">
              {t('audit.details')}
            </Text>
          </summary>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            <div>
              <Text size="xs" fw={700}>
                {t('audit.before')}
              </Text>
              {before ? (
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {before}
                </Code>
              ) : (
                <Text size="xs">{t('audit.none')}</Text>
              )}
            </div>
            <div>
              <Text size="xs" fw={700}>
                {t('audit.after')}
              </Text>
              {after ? (
                <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {after}
                </Code>
              ) : (
                <Text size="xs">{t('audit.none')}</Text>
              )}
            </div>
          </SimpleGrid>
        </details>
      </Stack>
    </Card>
  );
}

/** `/admin/audit-log`: the audit log of what the admin manages, newest first, filtered and paged. */
export function AuditLogPage() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  // What is typed in the filter fields, and the filters applied (the days as typed: YYYY-MM-DD).
  const [typed, setTyped] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [skip, setSkip] = useState(0);
  const query = { ...applied, from: dayStart(applied.from), to: dayStart(applied.to, true) };
  const log = useAuditLog(query, skip, PAGE_SIZE);

  const field = (key: keyof AuditFilters, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={typed[key]}
      onChange={(e) => setTyped({ ...typed, [key]: e.currentTarget.value })}
    />
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied({
      ...typed,
      action: typed.action.trim(),
      actor: typed.actor.trim(),
      target: typed.target.trim(),
      projectCode: typed.projectCode.trim(),
    });
    setSkip(0);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {t('audit.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('audit.intro')}
        </Text>
      </div>
      <form onSubmit={apply} aria-label={t('audit.filters')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
          {field('action', t('audit.action'))}
          {field('actor', t('audit.actor'))}
          {field('target', t('audit.target'))}
          {field('projectCode', t('audit.project'))}
          {field('from', t('audit.from'), 'date')}
          {field('to', t('audit.to'), 'date')}
        </SimpleGrid>
        <Group mt="xs" gap="xs">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setTyped(NO_AUDIT_FILTERS);
              setApplied(NO_AUDIT_FILTERS);
              setSkip(0);
            }}
          >
            {t('audit.clear')}
          </Button>
        </Group>
      </form>
      {log.error && (
        <Alert color="red" role="alert">
          {t('audit.failed')} {translateError(tCommon, log.error)}
        </Alert>
      )}
      {!log.data && !log.error && <ScreenLoader />}
      {log.data && log.data.items.length === 0 && <Text>{t('audit.empty')}</Text>}
      {log.data && log.data.items.length > 0 && (
        <Stack
          gap="xs"
          component="ol"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
          aria-label={t('audit.title')}
        >
          {log.data.items.map((entry) => (
            <EntryCard key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {log.data && <Pager skip={skip} count={PAGE_SIZE} total={log.data.total} onSkip={setSkip} />}
    </Stack>
  );
}
