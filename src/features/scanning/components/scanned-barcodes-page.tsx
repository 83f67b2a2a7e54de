import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { formatDateTime } from '@/shared/barcode/labels';
import { PageTitle } from '@/shared/barcode/page-title';
import { clearScannedBarcodes, scannedBarcodes } from '@/shared/barcode/scan-state';
import { paths } from '@/shared/paths';
import { useCurrentProject } from '@/shared/project/use-project';
import { useStore } from '@/shared/ui/store';

/**
 * `.../scanned-barcodes` (restricted): the scanned-barcodes pool, what this tab scanned (camera,
 * keyboard-wedge scanner, OCR), newest first; each scan links to the barcode it opened.
 */
export function ScannedBarcodesPage() {
  const { t } = useTranslation('barcode');
  const project = useCurrentProject();
  const { barcode, detailPath } = useCurrentBarcode();
  const pool = useStore(scannedBarcodes);
  return (
    <Stack gap="md">
      <PageTitle title={t('scanned.title')} barcode={barcode} detailPath={detailPath} />
      <Text size="sm" c="dimmed">
        {t('scanned.intro')}
      </Text>
      {pool.length === 0 && <Text>{t('scanned.empty')}</Text>}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="scanned-list">
        {pool.map((scan, index) => (
          <Paper key={`${scan.scannedAt}-${index}`} component="li" withBorder p="sm" radius="md">
            {scan.barcode ? (
              <Anchor
                component={Link}
                to={paths.barcode.getHref(scan.barcode.project, scan.barcode.id)}
                style={{ wordBreak: 'break-all' }}
              >
                {scan.text}
              </Anchor>
            ) : (
              <Text style={{ wordBreak: 'break-all' }}>{scan.text}</Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(scan.scannedAt)}
              {scan.barcode ? '' : ` · ${t('scanned.notFound')}`}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Group grow>
        <Button component={Link} to={paths.scan.getHref(project)} size="md">
          {t('scanned.scanAgain')}
        </Button>
        {pool.length > 0 && (
          <Button variant="default" size="md" onClick={clearScannedBarcodes}>
            {t('scanned.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
