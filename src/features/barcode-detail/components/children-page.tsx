import { Alert, Anchor, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { trackPointName } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { TypeIcon } from '@/shared/barcode/type-icon';
import { useErrorText } from '@/shared/i18n/error-message';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useChildren } from '../api/children';

/** `.../children` (open): the barcodes paired under this one, each linking to its detail. */
export function ChildrenPage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const language = i18n.language as Language;
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const { data, error, isLoading } = useChildren(barcode.id);
  const children = data?.items;
  return (
    <Stack gap="md">
      <PageTitle title={t('children.title')} barcode={barcode} detailPath={detailPath} />
      {isLoading && <Center><Loader /></Center>}
      {error !== undefined && <Alert color="red" variant="light">{errorText(error)}</Alert>}
      {children?.length === 0 && <Text c="dimmed">{t('children.empty')}</Text>}
      {children?.map((child) => (
        <Paper key={child.id} withBorder p="sm" radius="md">
          <Group wrap="nowrap">
            <TypeIcon type={child.barcodeType ? project.barcodeTypes[child.barcodeType] : undefined} size={32} />
            <Stack gap={0}>
              <Anchor component={Link} to={paths.barcode.getHref(project, child.id)}>{child.externalId ?? child.id}</Anchor>
              <Text size="xs" c="dimmed">
                {child.isActivated ? trackPointName(project, child.barcodeType, child.currentTrackPointKey, language) : t('state.notActivated')}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
