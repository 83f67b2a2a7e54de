import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Alert, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LABEL_SHEET_MAX } from '@schemas/validation';
import type { Language } from '@schemas/languages';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { generateBarcodes } from '../api/labels';
import { labelContent } from '../model/label';
import { BarcodeLabelCard } from './barcode-label-card';
import './labels.css';

/** A4 without margins: the sheet's 3 x 8 labels of 70 x 37 mm fill it. */
const PAGE_CSS = '@page { size: A4; margin: 0; }';
export const LABELS_PER_PAGE = 24;

/** The sheet's width on paper, in CSS pixels (210 mm at 96 px per inch). */
const SHEET_WIDTH_PX = (210 / 25.4) * 96;

/**
 * How much the sheet's preview is shrunk to show all three columns in the screen's width (never
 * enlarged); the print uses the sheet's own size (labels.css).
 */
function useSheetScale() {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [value, setValue] = useState(1);
  useEffect(() => {
    if (!element) return undefined;
    const measure = () => setValue(Math.min(1, element.clientWidth / SHEET_WIDTH_PX));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, value] as const;
}

/**
 * `/{project}/labels` (restricted, permission as generate): generates N new barcodes (1 to
 * LABEL_SHEET_MAX, one request, safe to repeat) and lays their labels out on A4 sheets of 3 x 8,
 * printed with the browser's print once every QR code is drawn.
 */
export function LabelSheetPage() {
  const { t, i18n } = useTranslation('barcode');
  const errorText = useErrorText();
  const project = useCurrentProject();
  const [count, setCount] = useState<number>(LABELS_PER_PAGE);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ids, setIds] = useState<string[]>([]);
  const [drawn, setDrawn] = useState(0);
  const drawnRef = useRef(0);
  const onDrawn = useCallback(() => {
    drawnRef.current += 1;
    setDrawn(drawnRef.current);
  }, []);
  const valid = Number.isInteger(count) && count >= 1 && count <= LABEL_SHEET_MAX;
  const generate = async () => {
    setBusy(true);
    setFailure(null);
    // The sheet on view goes while the next is made (never two sheets' labels mixed); it comes back if that fails.
    const previous = ids;
    setIds([]);
    try {
      const answer = await generateBarcodes(project, count);
      drawnRef.current = 0;
      setDrawn(0);
      setIds(answer.ids);
    } catch (error) {
      setIds(previous);
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const language = i18n.language as Language;
  const ready = ids.length > 0 && drawn >= ids.length;
  const [sheetFrame, sheetScale] = useSheetScale();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('labels.sheetTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('labels.sheetIntro', { max: LABEL_SHEET_MAX })}
      </Text>
      <NumberInput
        label={t('labels.count')}
        value={count}
        min={1}
        max={LABEL_SHEET_MAX}
        step={1}
        allowDecimal={false}
        onChange={(v) => setCount(typeof v === 'number' ? v : Number(v))}
        error={valid ? undefined : t('labels.countInvalid', { max: LABEL_SHEET_MAX })}
      />
      <Button onClick={() => void generate()} loading={busy} disabled={!valid}>
        {t('labels.generate', { count: valid ? count : 0 })}
      </Button>
      {failure && (
        <Alert color="red" variant="light" title={t('labels.generateFailed')}>
          {failure}
        </Alert>
      )}
      {ids.length > 0 && (
        <>
          <style>{PAGE_CSS}</style>
          <Group justify="space-between">
            <Text size="sm" aria-live="polite" data-testid="label-sheet-status">
              {ready
                ? t('labels.sheetReady', {
                    labels: t('labels.labelCount', { count: ids.length }),
                    pages: t('labels.pageCount', { count: Math.ceil(ids.length / LABELS_PER_PAGE) }),
                  })
                : t('labels.drawing', { drawn, count: ids.length })}
            </Text>
            <Button onClick={() => window.print()} disabled={!ready}>
              {t('labels.print')}
            </Button>
          </Group>
          <div
            ref={sheetFrame}
            className="label-sheet-scroll"
            tabIndex={0}
            role="region"
            aria-label={t('labels.sheetTitle')}
          >
            <div
              className="label-sheet label-print-area"
              data-testid="label-sheet"
              style={{ '--sheet-scale': sheetScale } as CSSProperties}
            >
              {ids.map((id) => (
                <BarcodeLabelCard
                  key={id}
                  label={labelContent(project, id, null, language)}
                  className=""
                  onDrawn={onDrawn}
                />
              ))}
            </div>
          </div>
        </>
      )}
    </Stack>
  );
}
