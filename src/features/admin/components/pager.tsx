import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  skip: number;
  count: number;
  total: number;
  onSkip(skip: number): void;
}

/** "21–40 of 93" with previous / next buttons: the paging of every admin list. */
export function Pager({ skip, count, total, onSkip }: PagerProps) {
  const { t } = useTranslation('admin');
  if (total === 0) return null;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Button variant="default" disabled={skip === 0} onClick={() => onSkip(Math.max(0, skip - count))}>
        {t('paging.previous')}
      </Button>
      <Text size="sm" aria-live="polite">
        {t('paging.summary', { from: skip + 1, to: Math.min(total, skip + count), total })}
      </Text>
      <Button variant="default" disabled={skip + count >= total} onClick={() => onSkip(skip + count)}>
        {t('paging.next')}
      </Button>
    </Group>
  );
}
