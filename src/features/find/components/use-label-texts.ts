import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LabelTexts } from './barcode-label-card';

/** The label cards' words in the interface language (the 'find' strings). */
export function useLabelTexts(): LabelTexts {
  const { t } = useTranslation('find');
  return useMemo(
    () => ({
      notActivated: t('label.notActivated'),
      deactivated: t('label.deactivated'),
      createdAt: (date) => t('label.createdAt', { date }),
      lastStepAt: (date) => t('label.lastStepAt', { date }),
      id: (id) => t('label.id', { id }),
    }),
    [t],
  );
}
