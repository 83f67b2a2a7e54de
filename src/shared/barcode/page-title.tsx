import { Anchor, Group, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Barcode } from '@schemas/api/barcode';
import { displayLabel } from '@/shared/barcode/labels';

/** The heading of a screen under a barcode, with the way back to its detail page. */
export function PageTitle({ title, barcode, detailPath }: { title: string; barcode: Barcode; detailPath: string }) {
  const { t } = useTranslation('barcode');
  return (
    <div>
      <Anchor component={Link} to={detailPath} size="sm">
        <Group gap={4} component="span">
          <IconChevronLeft size={16} aria-hidden />
          {t('detail.backToDetail')}
        </Group>
      </Anchor>
      <Title order={1} size="h3" mt={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {displayLabel(barcode)}
      </Text>
    </div>
  );
}
