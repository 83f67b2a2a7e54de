import { Suspense, useState } from 'react';
import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { ProjectLogo } from '@/shared/ui/project-logo';
import { lazyWithStyles } from '@/shared/ui/styles';

const LogoutConfirm = lazyWithStyles(() => import('./logout-confirm').then((m) => ({ default: m.LogoutConfirm })));

/** 'Are you sure to logout' as plain HTML, for when the dialog's code could not load. */
function PlainLogoutConfirm({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): Promise<void> }) {
  const { t } = useTranslation();
  return (
    <div
      role="alertdialog"
      aria-label={t('header.logout')}
      style={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: 8,
        zIndex: 600,
        background: '#fff',
        border: '1px solid',
        padding: 12,
      }}
    >
      <p>{t('header.logoutConfirm')}</p>
      <button type="button" onClick={onCancel}>
        {t('common.cancel')}
      </button>{' '}
      <button type="button" onClick={() => void onConfirm().finally(onCancel)}>
        {t('common.ok')}
      </button>
    </div>
  );
}

export interface HeaderProps {
  project: Project;
  homePath: string;
  profile: Profile | null;
  onLogout(): Promise<void>;
  /** Whether the home button is shown (default true; the custom page has none). */
  showHome?: boolean;
}

function HomeIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M3 11l9-8 9 8M5 9.5V21h5v-6h4v6h5V9.5" strokeLinejoin="round" />
    </svg>
  );
}

function LogoutIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path
        d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The header: home button, logo, staff full name, logout with confirmation. */
export function Header({ project, homePath, profile, onLogout, showHome = true }: HeaderProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Box
      component="header"
      px="sm"
      py={6}
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-body)',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mih={48}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {showHome && (
            <ActionIcon component={Link} to={homePath} variant="subtle" size="xl" aria-label={t('header.home')}>
              <HomeIcon />
            </ActionIcon>
          )}
          {project.customLogoImageUrl ? (
            <ProjectLogo url={project.customLogoImageUrl} alt={project.enterpriseName} height={32} align="left" />
          ) : (
            <Text fw={700} truncate>
              {project.name}
            </Text>
          )}
        </Group>
        {profile && (
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="sm" truncate data-testid="header-staff-name">
              {profile.user.fullName}
            </Text>
            <ActionIcon
              variant="light"
              size="xl"
              onClick={() => setConfirming(true)}
              aria-label={t('header.logout')}
              title={t('header.logout')}
            >
              <LogoutIcon />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {confirming && (
        // The dialog's code that cannot load (offline, never fetched) asks the same in plain HTML.
        <ErrorBoundary
          fallback={() => <PlainLogoutConfirm onCancel={() => setConfirming(false)} onConfirm={onLogout} />}
        >
          <Suspense fallback={null}>
            <LogoutConfirm onCancel={() => setConfirming(false)} onConfirm={onLogout} />
          </Suspense>
        </ErrorBoundary>
      )}
    </Box>
  );
}
