import { useState, type ReactNode } from 'react';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import { homeActions, type HomeActionName } from '../model/home-actions';

export interface LoggedInHomeProps {
  project: Project;
  profile: Profile;
  /** Actions whose screens exist, with what each does; an async one shows its button busy meanwhile. */
  handlers: Partial<Record<HomeActionName, () => void | Promise<void>>>;
  /** Drawn in place of the 'Scan barcode' button (a handheld terminal's scan button and settings). */
  scanSlot?: ReactNode;
  /** Drawn under the actions: this device's settings (scan feedback). */
  settingsSlot?: ReactNode;
}

/** Home (logged in): the staff name, the company label and the actions the user may take. */
export function LoggedInHome({ project, profile, handlers, scanSlot, settingsSlot }: LoggedInHomeProps) {
  const { t } = useTranslation();
  const actions = homeActions(project, profile, new Set(Object.keys(handlers) as HomeActionName[]));
  const [pending, setPending] = useState<HomeActionName | null>(null);
  const run = async (name: HomeActionName) => {
    setPending(name);
    try {
      await handlers[name]?.();
    } finally {
      setPending(null);
    }
  };
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          {t('home.staffName')}
        </Text>
        <Title order={1} size="h3" data-testid="staff-name">
          {profile.user.fullName}
        </Title>
        <Text size="sm" c="dimmed">
          {project.enterpriseName} · {project.name} (v{project.version})
        </Text>
      </Paper>
      {actions.length > 0 && (
        <Stack gap="sm">
          {actions.map((action) => {
            if (action.name === 'scanBarcode' && scanSlot) return <div key={action.name}>{scanSlot}</div>;
            // The hint is shown as text under the button, not only on hover: phones have no hover.
            const hint = action.disabledReason ? t(`home.${action.disabledReason}`) : undefined;
            const hintId = `${action.name}-hint`;
            return (
              <div key={action.name}>
                <Button
                  size="xl"
                  fullWidth
                  disabled={!action.enabled || (pending !== null && pending !== action.name)}
                  loading={pending === action.name}
                  onClick={() => void run(action.name)}
                  title={hint}
                  aria-describedby={hint ? hintId : undefined}
                >
                  {t(`home.${action.name}`)}
                </Button>
                {hint && (
                  <Text id={hintId} size="xs" c="dimmed" mt={4}>
                    {hint}
                  </Text>
                )}
              </div>
            );
          })}
        </Stack>
      )}
      {settingsSlot}
    </Stack>
  );
}
