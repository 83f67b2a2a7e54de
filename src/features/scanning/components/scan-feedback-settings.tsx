import { useState } from 'react';
import { Collapse, Group, Paper, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  readScanFeedback,
  SCAN_FEEDBACK_CHANNELS,
  writeScanFeedback,
  type ScanFeedbackChannel,
} from '@/shared/storage/device-settings';
import { readStored, writeStored } from '@/shared/storage/storage';
import { prefersReducedMotion, scanFeedback } from '../model/scan-feedback';

const NONE = { beep: false, vibrate: false, flash: false };

/**
 * The home page's 'Scan feedback' section: beep, vibration and flash switches kept on this
 * device (a collapsible section, its open state remembered like the scanner settings). Turning a
 * channel on gives a read's feedback on it, so the user hears or feels what they chose.
 */
export function ScanFeedbackSettings() {
  const { t } = useTranslation('barcode');
  const [expanded, setExpanded] = useState(() => readStored('scanFeedbackExpanded') === '1');
  const [settings, setSettings] = useState(readScanFeedback);
  const reducedMotion = prefersReducedMotion();
  const toggle = () => {
    writeStored('scanFeedbackExpanded', expanded ? '0' : '1');
    setExpanded(!expanded);
  };
  const choose = (channel: ScanFeedbackChannel, on: boolean) => {
    writeScanFeedback(channel, on);
    setSettings(readScanFeedback());
    if (on) scanFeedback('read', { ...NONE, [channel]: true });
  };
  return (
    <Paper withBorder radius="md">
      <UnstyledButton
        onClick={toggle}
        aria-expanded={expanded}
        aria-controls="scan-feedback-settings"
        w="100%"
        p="sm"
        mih={44}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('feedback.settings')}</Text>
          <IconChevronDown
            size={18}
            aria-hidden
            style={{ flexShrink: 0, transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded} id="scan-feedback-settings">
        <Stack gap="sm" px="sm" pb="sm">
          {SCAN_FEEDBACK_CHANNELS.map((channel) => (
            <Switch
              key={channel}
              size="md"
              checked={settings[channel]}
              label={t(`feedback.${channel}`)}
              description={channel === 'flash' && reducedMotion ? t('feedback.flashReducedMotion') : undefined}
              onChange={(event) => choose(channel, event.currentTarget.checked)}
            />
          ))}
          <Text size="xs" c="dimmed">
            {t('feedback.note')}
          </Text>
        </Stack>
      </Collapse>
    </Paper>
  );
}
