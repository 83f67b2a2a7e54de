import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentProject } from '@/shared/project/use-project';
import { scanDialog } from '@/shared/ui/capture-requests';
import { useScanClaim } from '@/shared/ui/scan-claims';
import { splitScans } from './scan-list';

export interface ScanInputProps {
  /** The scanner remembers its symbology per route name. */
  routeName: string;
  /** A handheld terminal: the trigger scans into the list, no camera button. */
  handheld: boolean;
  /** Texts scanned or typed, already split at the project's delimiters and new lines. */
  onAdd(texts: string[]): void;
}

/**
 * Where the barcodes of a scanned list come from (pairing, linking, the bulk screens): the camera
 * (in bulk mode the scanner appends each confirmed read with the project's first delimiter), a
 * keyboard-wedge or handheld trigger (claimed from the app-wide listener while this is drawn),
 * or typing and pasting, several at once separated by any of the project's delimiters or new
 * lines. Strings: the lazy 'scan-list' namespace (the screen loads it).
 */
export function ScanInput({ routeName, handheld, onAdd }: ScanInputProps) {
  const { t } = useTranslation('scan-list');
  const project = useCurrentProject();
  const [typed, setTyped] = useState('');
  const delimiters = project.cameraFeatures?.bulkCameraScanResultSetting?.delimiter ?? [','];
  const add = (text: string) => {
    const texts = splitScans(text, delimiters);
    if (texts.length > 0) onAdd(texts);
  };
  useScanClaim(add);
  const addTyped = () => {
    add(typed);
    setTyped('');
  };

  const scanWithCamera = async () => {
    const outcome = await scanDialog.request({ routeName });
    if (outcome) add(outcome.text);
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        {handheld ? (
          <Alert variant="light">{t('list.pullTrigger')}</Alert>
        ) : (
          <>
            <Button leftSection={<IconCamera size={18} aria-hidden />} onClick={() => void scanWithCamera()}>
              {t('list.scan')}
            </Button>
            <Text size="xs" c="dimmed">
              {t('list.triggerToo')}
            </Text>
          </>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            addTyped();
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            {/* A text area, so a pasted column (one id a line) keeps its line breaks; Enter adds, Shift+Enter breaks the line. */}
            <Textarea
              style={{ flex: 1 }}
              label={t('list.typeLabel')}
              description={t('list.typeHint')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              autosize
              minRows={1}
              maxRows={4}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  addTyped();
                }
              }}
            />
            <Button type="submit" variant="light" disabled={typed.trim() === ''}>
              {t('list.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
