import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useCurrentBarcode } from '@/shared/barcode/barcode-context';
import { useCurrentProject } from '@/shared/project/use-project';
import { labelContent } from '../model/label';
import { BarcodeLabelCard } from './barcode-label-card';
import './labels.css';

/** One 62 x 40 mm label per printed page: a 62 mm roll's label printer cuts each. */
const PAGE_CSS = '@page { size: 62mm 40mm; margin: 0; }';

/**
 * The detail page's label: a button shows the barcode's printable label, and Print sends it to
 * the browser's print dialog at the label printer's size.
 */
export function PrintLabel() {
  const { t, i18n } = useTranslation('barcode');
  const project = useCurrentProject();
  const { barcode } = useCurrentBarcode();
  const [shown, setShown] = useState(false);
  const [drawn, setDrawn] = useState(false);
  if (!shown)
    return (
      <Button variant="default" onClick={() => setShown(true)}>
        {t('labels.showLabel')}
      </Button>
    );
  const label = labelContent(project, barcode.id, barcode, i18n.language as Language);
  return (
    <Stack gap="xs">
      <style>{PAGE_CSS}</style>
      <Text size="sm" c="dimmed">
        {t('labels.singleHint')}
      </Text>
      <div className="label-print-area">
        <BarcodeLabelCard label={label} className="label-single" onDrawn={() => setDrawn(true)} />
      </div>
      <Group>
        <Button onClick={() => window.print()} disabled={!drawn}>
          {t('labels.print')}
        </Button>
        <Button variant="subtle" onClick={() => setShown(false)}>
          {t('labels.hide')}
        </Button>
      </Group>
    </Stack>
  );
}
