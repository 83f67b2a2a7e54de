import { Anchor, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { trackPointName } from '@/shared/barcode/labels';
import { paths } from '@/shared/paths';
import type { PendingStep } from '../model/pending-steps';

/**
 * The steps this user made for the barcode that the outbox has not sent yet, above its actions:
 * where it goes (a tracking step's trackpoint, else the action), when it was made, and that it
 * waits to be sent; a refused one says so in red and leads to the outbox, where the user
 * decides. The barcode's state above still shows what the server last said.
 */
export function PendingSteps({
  project,
  barcode,
  steps,
}: {
  project: Project;
  barcode: Barcode;
  steps: PendingStep[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const what = (step: PendingStep) =>
    step.trackPointKey
      ? t('outbox.pendingTracking', {
          trackPoint: trackPointName(project, barcode.barcodeType, step.trackPointKey, language),
        })
      : t('outbox.pendingOther');
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="pending-steps">
      {steps.map((step) => (
        <Text
          key={step.seq}
          component="li"
          size="sm"
          data-testid="pending-step"
          data-state={step.state}
          c={step.state === 'refused' ? 'red.9' : undefined}
          style={{ display: 'flex', gap: 8, alignItems: 'center' }}
        >
          <ThemeIcon size="sm" variant="light" color={step.state === 'refused' ? 'red' : 'yellow'} aria-hidden>
            {step.state === 'refused' ? <IconAlertTriangle size={14} /> : <IconClockHour4 size={14} />}
          </ThemeIcon>
          <span>
            {t(step.state === 'refused' ? 'outbox.pendingRefused' : 'outbox.pendingWaiting', {
              what: what(step),
              time: new Date(step.madeAt).toLocaleString(language),
            })}
            {step.state === 'refused' && (
              <>
                {' '}
                <Anchor
                  component={Link}
                  to={paths.outbox.getHref(project)}
                  size="sm"
                  c="red.9"
                  underline="always"
                  style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44, minWidth: 44 }}
                >
                  {t('outbox.open')}
                </Anchor>
              </>
            )}
          </span>
        </Text>
      ))}
    </Stack>
  );
}
