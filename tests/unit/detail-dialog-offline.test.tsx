import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router-dom';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import { initI18n } from '@/shared/i18n/i18n';
import { DetailActions } from '@/features/barcode-detail/components/detail-actions';
import demo from '../../server/projects/demo@1.json';

// Undo's confirmation cannot load (offline before it was ever fetched).
vi.mock('@/features/barcode-detail/components/undo-dialog', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeAll(async () => {
  await initI18n(['en']);
});

const permission = {
  generateBarcodePermission: { canEdit: true },
  activateBarcodePermission: { canEdit: true },
  addTrackingPermission: { canEdit: true },
};
const project = {
  ...demo,
  id: 'p',
  code: 'demo',
  name: 'Demo',
  version: 1,
  projectPermission: permission,
} as unknown as Project;
// Past its first trackpoint: Undo is offered.
const barcode = {
  id: 'AAAAAAAAAAAA',
  barcodeType: 'pallet',
  isActivated: true,
  isDeactivated: false,
  currentTrackPointKey: 'distributionCentre',
  latestTrackingSeq: 2,
  projectId: 'p',
  projectCode: 'demo',
  projectVersion: 1,
  externalId: null,
  trackingNumber: null,
  activationData: {},
  hierarchy: {
    parentId: null,
    ancestorIds: [],
    childrenCount: 0,
    maxChildren: 0,
    linkToCount: 0,
    beLinkedCount: 0,
    maxLinks: 0,
  },
} as unknown as Barcode;

describe("the detail page when a confirmation's code cannot load", () => {
  it('says so, closes on request, and the page stays as it was', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <MemoryRouter>
          <DetailActions project={project} barcode={barcode} loggedIn />
        </MemoryRouter>
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Undo last tracking' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Offline: this tool could not load');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo last tracking' })).toBeTruthy();
    // A second tap says it again (nothing is sent).
    await user.click(screen.getByRole('button', { name: 'Undo last tracking' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Offline: this tool could not load');
  });
});
