import type { ReactNode } from 'react';
import { Box, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router-dom';
import type { Admin } from '@schemas/api/admin';
import { paths } from '@/shared/paths';
import type { AdminScreen } from './admin-screens';

export interface AdminLayoutProps {
  admin: Admin;
  screens: readonly AdminScreen[];
  onLogout(): void;
  children: ReactNode;
}

/**
 * The admin area's frame: a header (title, who is logged in and as what, log out) and the
 * navigation of ADMIN_SCREENS above the screen. On a phone nothing in it is cut: the navigation's
 * links wrap onto a second row (each one whole, none hidden behind a sideways scroll), who is
 * logged in wraps under the title, and "Log out" keeps its one line.
 */
export function AdminLayout({ admin, screens, onLogout, children }: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const role =
    admin.role === 'enterprise'
      ? t('session.role.enterprise', { enterprise: admin.enterpriseName })
      : t('session.role.project', { projects: admin.projectCodes.join(', ') });
  const inNav = screens.filter((s) => s.nav && (!s.roles || s.roles.includes(admin.role)));
  return (
    <>
      <Box
        component="header"
        px="sm"
        py={6}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-body)' }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mih={48}>
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} size="h4">
              {t('title')}
            </Title>
            <Text size="sm" data-testid="admin-name" style={{ overflowWrap: 'anywhere' }}>
              {admin.name} · {role}
            </Text>
          </Stack>
          <Button
            variant="light"
            onClick={onLogout}
            style={{ flexShrink: 0 }}
            styles={{ label: { whiteSpace: 'nowrap' } }}
          >
            {t('session.logout')}
          </Button>
        </Group>
      </Box>
      <Box
        component="nav"
        aria-label={t('nav.label')}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={0} wrap="wrap" px="xs">
          {inNav.map((screen) => (
            <NavLink
              key={screen.path}
              component={RouterNavLink}
              to={paths.admin.getHref(screen.path)}
              label={t(`nav.${screen.nav!}`)}
              w="auto"
              style={{ whiteSpace: 'nowrap' }}
            />
          ))}
        </Group>
      </Box>
      <Box component="main" px="sm" py="md" maw={960} mx="auto">
        {children}
      </Box>
    </>
  );
}
