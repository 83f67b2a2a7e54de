import type { CSSProperties } from 'react';
import { Anchor, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Address, Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { CustomField } from '@schemas/custom-field';
import type { Language } from '@schemas/languages';
import { compileForm, shownValue, type ShownValue } from '@renderer';
import { barcodeTypeOf } from '@/shared/barcode/labels';
import { resolveApiUrl } from '@/shared/ui/project-logo';

function Value({ value }: { value: ShownValue }) {
  const { t } = useTranslation('barcode');
  switch (value.kind) {
    case 'empty':
      return (
        <Text span c="dimmed">
          —
        </Text>
      );
    case 'image':
      return <Image src={resolveApiUrl(value.url)} alt={t('detail.signature')} maw={200} bg="white" />;
    case 'files':
      return (
        <Stack gap={2}>
          {value.files.map((f) => (
            <Anchor key={f.url} href={resolveApiUrl(f.url)} target="_blank" rel="noopener noreferrer">
              {f.name}
            </Anchor>
          ))}
        </Stack>
      );
    default:
      return (
        <Text span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {value.text}
        </Text>
      );
  }
}

/*
 * A plain two-column table, drawn as Mantine's vertical Table drew it (7 px rows, 40 % labels
 * on grey, rules between rows): its Table brings the scroll area and its positioning library
 * with it, a large share of what a scanned link's detail page may add to the first load
 * (BEYOND_FIRST_LOAD_BUDGETS.detailPage, docs/engineers/performance.md).
 */
const tableStyle: CSSProperties = {
  width: '100%',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height)',
};
const cellPadding = 'calc(0.4375rem * var(--mantine-scale)) var(--mantine-spacing-xs)';
const labelStyle: CSSProperties = {
  width: '40%',
  textAlign: 'start',
  padding: cellPadding,
  fontWeight: 'var(--mantine-font-weight-medium)' as CSSProperties['fontWeight'],
  backgroundColor: 'var(--mantine-color-gray-0)',
};
const valueStyle: CSSProperties = { padding: cellPadding };
const ruleBelow: CSSProperties = {
  borderBottom: 'calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-3)',
};

/**
 * An address as lines, its country as the address form's country picker names it in the viewer's
 * language, beside the stored ISO code ("日本 (JPN)").
 */
function addressText(address: Address, countryField: CustomField | undefined, language: Language): string {
  const country = countryField && shownValue(countryField, address.country, language);
  return [
    address.companyName,
    address.address1,
    address.address2,
    address.prefecture,
    address.postalCode,
    country?.kind === 'text' ? country.text : address.country,
    address.phoneNumber,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The activation data as the viewer may see it: the server sends only the fields the viewer may
 * see; a field a visitor may not see reads 'The *** item is hidden by the permission setting'
 * in its place; hidden fields do not appear at all.
 */
export function ActivationData({
  project,
  barcode,
  loggedIn,
}: {
  project: Project;
  barcode: Barcode;
  loggedIn: boolean;
}) {
  const { t, i18n } = useTranslation('barcode');
  const language = i18n.language as Language;
  const type = barcodeTypeOf(project, barcode);
  const data = barcode.activationData;
  if (!data || !type || !barcode.barcodeType) return null;
  const form = compileForm(
    project,
    { form: 'activation', barcodeType: barcode.barcodeType, stage: 'edit' },
    { language, loggedIn },
  );
  const countryField = compileForm(
    project,
    { form: 'address', barcodeType: barcode.barcodeType, stage: 'edit' },
    { language, loggedIn },
  ).fields.find((f) => f.key === 'country');
  const dimension = data.dimension as { depth: number; width: number; height: number } | undefined;
  const rows: [string, React.ReactNode][] = [
    ...form.fields.map((field): [string, React.ReactNode] => [
      field.label[language],
      <Value value={shownValue(field, data[field.key], language)} />,
    ]),
    ...(data.origin
      ? [
          [
            t('detail.origin'),
            <Text span style={{ whiteSpace: 'pre-line' }}>
              {addressText(data.origin as Address, countryField, language)}
            </Text>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ...(data.destination
      ? [
          [
            t('detail.destination'),
            <Text span style={{ whiteSpace: 'pre-line' }}>
              {addressText(data.destination as Address, countryField, language)}
            </Text>,
          ] as [string, React.ReactNode],
        ]
      : []),
    ...(dimension ? [[t('detail.dimension'), t('detail.dimensionValue', dimension)] as [string, React.ReactNode]] : []),
    ...(typeof data.weight === 'number'
      ? [[t('detail.weight'), t('detail.weightValue', { weight: data.weight })] as [string, React.ReactNode]]
      : []),
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        {t('detail.activationData')}
      </Title>
      <table style={tableStyle} data-testid="activation-data">
        <tbody>
          {rows.map(([label, value], index) => (
            <tr key={label} style={index < rows.length - 1 ? ruleBelow : undefined}>
              <th scope="row" style={labelStyle}>
                {label}
              </th>
              <td style={valueStyle}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {form.masked.map((m) => (
        <Text key={m.key} size="sm" c="dimmed" mt="xs" data-testid="masked-field">
          {t('detail.masked', { item: m.label })}
        </Text>
      ))}
    </Paper>
  );
}
