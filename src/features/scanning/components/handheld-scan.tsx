import { useState } from 'react';
import { Button, Collapse, Paper, Radio, Stack, Text, UnstyledButton, Group } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '@/shared/storage/storage';
import { showToast } from '@/shared/ui/toasts';
import {
  AIMER_TARGETS,
  asAimerTarget,
  asGroupSeparator,
  GROUP_SEPARATORS,
  HANDHELD_INFO_MS,
  type AimerTarget,
  type GroupSeparator,
} from '../model/handheld';

/**
 * On a handheld terminal the home page's 'Scan barcode' becomes this: the handheld scan button
 * (the scanner answers the trigger on any screen; the button says so for HANDHELD_INFO_MS) and
 * the scanner settings, a collapsible section whose open state and aimer target the device
 * remembers.
 */
export function HandheldScan({ model }: { model: string }) {
  const { t } = useTranslation('barcode');
  const [expanded, setExpanded] = useState(() => readStored('scannerConfigExpanded') === '1');
  const [aimer, setAimer] = useState<AimerTarget>(() => asAimerTarget(readStored('aimerTarget')));
  const [separator, setSeparator] = useState<GroupSeparator>(() => asGroupSeparator(readStored('wedgeGroupSeparator')));
  const chooseSeparator = (value: string) => {
    const next = asGroupSeparator(value);
    writeStored('wedgeGroupSeparator', next);
    setSeparator(next);
  };
  const toggle = () => {
    writeStored('scannerConfigExpanded', expanded ? '0' : '1');
    setExpanded(!expanded);
  };
  const chooseAimer = (value: string) => {
    const next = asAimerTarget(value);
    writeStored('aimerTarget', next);
    setAimer(next);
  };
  return (
    <Stack gap="xs">
      <Button
        size="xl"
        fullWidth
        onClick={() => showToast('info', t('handheld.pullTrigger', { model }), HANDHELD_INFO_MS)}
      >
        {t('handheld.scan')}
      </Button>
      <Paper withBorder radius="md">
        <UnstyledButton onClick={toggle} aria-expanded={expanded} aria-controls="scanner-settings" w="100%" p="sm">
          <Group justify="space-between">
            <Text fw={600}>{t('handheld.settings')}</Text>
            <IconChevronDown
              size={18}
              aria-hidden
              style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          </Group>
        </UnstyledButton>
        <Collapse expanded={expanded} id="scanner-settings">
          <Stack gap="xs" px="sm" pb="sm">
            <Radio.Group label={t('handheld.aimer')} value={aimer} onChange={chooseAimer}>
              <Stack gap={6} mt={4}>
                {AIMER_TARGETS.map((target) => (
                  <Radio key={target} value={target} label={t(`handheld.aimers.${target}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group
              label={t('handheld.groupSeparator')}
              description={t('handheld.groupSeparatorNote')}
              value={separator}
              onChange={chooseSeparator}
            >
              <Stack gap={6} mt={4}>
                {GROUP_SEPARATORS.map((value) => (
                  <Radio key={value} value={value} label={value === 'gs' ? t('handheld.groupSeparatorGs') : value} />
                ))}
              </Stack>
            </Radio.Group>
            <Text size="xs" c="dimmed">
              {t('handheld.settingsNote', { model })}
            </Text>
          </Stack>
        </Collapse>
      </Paper>
    </Stack>
  );
}
