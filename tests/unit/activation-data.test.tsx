import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import { initI18n } from '@/shared/i18n/i18n';
import { ActivationData } from '@/features/barcode-detail/components/activation-data';
import demo from '../../server/projects/demo@1.json';

const project = { ...demo, id: 'p', code: 'demo', name: 'Demo', version: 1 } as unknown as Project;
const barcode = {
  id: 'AAAAAAAAAAAA',
  barcodeType: 'case',
  isActivated: true,
  isDeactivated: false,
  currentTrackPointKey: 'manufacturer',
  projectId: 'p',
  projectCode: 'demo',
  projectVersion: 1,
  externalId: null,
  trackingNumber: null,
  activationData: {
    origin: { companyName: 'FrostLine Pharma', country: 'JPN', postalCode: '530-0001', address1: '1-1 Umeda' },
    destination: { country: 'USA', address1: '1 Main Street' },
  },
} as unknown as Barcode;

async function drawn(language: string) {
  const i18n = await initI18n([language]);
  await i18n.changeLanguage(language);
  const { unmount } = render(
    <MantineProvider>
      <ActivationData project={project} barcode={barcode} loggedIn />
    </MantineProvider>,
  );
  const text = screen.getByTestId('activation-data').textContent ?? '';
  unmount();
  return text;
}

describe("the detail page's addresses", () => {
  it("name the country in the viewer's language beside the stored ISO code", async () => {
    const english = await drawn('en');
    expect(english).toContain('Japan (JPN)');
    expect(english).toContain('United States (USA)');
    expect(await drawn('ja')).toContain('日本 (JPN)');
    expect(await drawn('zh-TW')).toContain('日本 (JPN)');
  });
});
