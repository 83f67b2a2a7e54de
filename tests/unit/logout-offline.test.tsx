import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import type { Project } from '@schemas/api/project';
import type { Profile } from '@schemas/api/user';
import { initI18n } from '@/shared/i18n/i18n';
import { Header } from '@/app/layout/header';

// The logout dialog's code cannot load (offline before it was ever fetched).
vi.mock('@/app/layout/logout-confirm', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeAll(async () => {
  await initI18n(['en']);
});

describe('logout when its dialog cannot load', () => {
  it('asks the same question in plain HTML; OK logs out, and the page stays', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn(async () => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const project = {
      name: 'Demo',
      enterpriseName: 'FrostLine Pharma',
      customLogoImageUrl: null,
    } as unknown as Project;
    const profile = { user: { fullName: 'Hana Sato' } } as unknown as Profile;
    render(
      <MantineProvider>
        <MemoryRouter>
          <Header project={project} homePath="/demo@1" profile={profile} onLogout={onLogout} />
        </MemoryRouter>
      </MantineProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Logout' });
    expect(screen.getByText('Hana Sato')).toBeTruthy();
    await user.click(await waitFor(() => dialog.querySelectorAll('button')[1] as HTMLButtonElement));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
