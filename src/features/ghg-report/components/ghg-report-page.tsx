import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { utcOffsetHours } from '@/shared/api/client';
import { useErrorText } from '@/shared/i18n/error-message';
import { ghgFieldMethods } from '@/shared/project/ghg';
import { useCurrentProject } from '@/shared/project/use-project';
import { useGhgReport } from '../api/report';
import { reportCsv, type RowNames } from '../model/csv';
import { EmissionChart } from './emission-chart';

/** A column's header stays on one line: the table scrolls sideways rather than break a word. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
/** Dates are sent as YYYYMMDD. */
const paramOf = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.replaceAll('-', '') : null);

/** A trackpoint's name in any of the project's barcode types (the report groups by key). */
const trackPointLabel = (project: Project, key: string, language: Language) =>
  Object.values(project.barcodeTypes)
    .flatMap((type) => type.trackPoints)
    .find((p) => p.key === key)?.name[language] ?? key;

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * `/{project}/ghg-report` (restricted, for the enterprise's staff): the project's transport
 * emissions for a date range (this month by default), by trackpoint leg and transport type, as
 * a bar chart and a table, with a CSV download of the same rows.
 */
export function GhgReportPage() {
  const { t, i18n } = useTranslation(['barcode', 'forms']);
  const errorText = useErrorText();
  const project = useCurrentProject();
  const language = i18n.language as Language;
  const today = new Date();
  const [from, setFrom] = useState(() => isoOf(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(() => isoOf(today));
  const { data, error, isLoading } = useGhgReport(project.id, paramOf(from), paramOf(to), utcOffsetHours(today));
  const names: RowNames = {
    trackPoint: (key) => trackPointLabel(project, key, language),
    transportType: (key) => t(`ghg.transport.${key}`, { ns: 'forms', defaultValue: key }),
  };
  const kg = (value: number) => value.toLocaleString(language, { maximumFractionDigits: 3 });
  // The methods the project's GHG fields calculate with: the report sums what they gave.
  const methods = [...new Set(ghgFieldMethods(project).map((m) => m.calculationType))];
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('ghgReport.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('ghgReport.intro')}
      </Text>
      {methods.length > 0 && (
        <Text size="sm" data-testid="ghg-report-methods">
          {t('ghg.method', {
            ns: 'forms',
            method: new Intl.ListFormat(language, { type: 'conjunction' }).format(
              methods.map((m) => t(`ghg.methodName.${m}`, { ns: 'forms', defaultValue: m })),
            ),
          })}
        </Text>
      )}
      <Group grow wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          label={t('ghgReport.from')}
          value={from}
          max={to}
          onChange={(e) => setFrom(e.currentTarget.value)}
          miw={140}
        />
        <TextInput
          type="date"
          label={t('ghgReport.to')}
          value={to}
          min={from}
          onChange={(e) => setTo(e.currentTarget.value)}
          miw={140}
        />
      </Group>
      {isLoading && <Loader />}
      {error !== undefined && (
        <Alert color="red" variant="light">
          {errorText(error)}
        </Alert>
      )}
      {data && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Text fw={700}>{t('ghgReport.total')}</Text>
              <Text fw={800} size="xl" data-testid="ghg-report-total">
                {kg(data.total)} kg-CO2e
              </Text>
            </Group>
            {data.rows.length === 0 ? (
              <Text c="dimmed">{t('ghgReport.empty')}</Text>
            ) : (
              <>
                <EmissionChart rows={data.rows} names={names} title={t('ghgReport.chart')} />
                {/* Headers stay on one line, so a phone may scroll the table sideways: by keyboard too. */}
                <div
                  tabIndex={0}
                  role="region"
                  aria-label={t('ghgReport.chart')}
                  style={{ overflowX: 'auto', maxWidth: '100%' }}
                  data-testid="ghg-report-table"
                >
                  <Table fz="sm" striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th style={NO_WRAP}>{t('ghgReport.trackPoint')}</Table.Th>
                        <Table.Th style={NO_WRAP}>{t('ghgReport.transportType')}</Table.Th>
                        <Table.Th style={NO_WRAP}>{t('ghgReport.count')}</Table.Th>
                        <Table.Th style={NO_WRAP}>{t('ghgReport.emission')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.rows.map((row) => (
                        <Table.Tr key={`${row.trackPointKey}-${row.transportType}`}>
                          <Table.Td>{names.trackPoint(row.trackPointKey)}</Table.Td>
                          <Table.Td>{names.transportType(row.transportType)}</Table.Td>
                          <Table.Td>{row.count}</Table.Td>
                          <Table.Td>{kg(row.emission)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </div>
                <Button
                  variant="light"
                  onClick={() =>
                    download(reportCsv(data, names), `ghg-report-${project.code}-${data.from}-${data.to}.csv`)
                  }
                >
                  {t('ghgReport.downloadCsv')}
                </Button>
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
