import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '@/shared/i18n/i18n';
import type { FormContext } from '@widgets/types';
import { GhgEmissionWidget } from '@widgets/ghg-emission/ghg-emission-widget';
import { calculateGhg, compileForm, formSourceOfFields, type GhgInputs } from '@renderer';
import type { CustomField } from '@schemas/custom-field';

beforeAll(async () => {
  await (await initI18n(['en'])).loadNamespaces('forms');
});

function mount(
  calculationType: string,
  value: GhgInputs,
  reviewCalculation?: FormContext['reviewCalculation'],
  required = false,
) {
  const field = {
    key: 'f',
    type: 'ghgEmission',
    calculationType,
    label: { en: 'Emission', ja: 'E', 'zh-TW': 'E', 'zh-CN': 'E' },
  } as CustomField;
  const form = compileForm(
    formSourceOfFields([field]),
    { form: 'activation', barcodeType: 't', stage: 'activation' },
    { language: 'en', loggedIn: true },
  );
  const options = (form.uiSchema.f as { 'ui:options': never })['ui:options'];
  const context: FormContext = {
    language: 'en',
    stage: 'tracking',
    phoneSuggestions: [],
    emailSuggestions: [],
    uploadFile: async () => 'x',
    deleteFile: async () => undefined,
    reviewCalculation,
  };
  render(
    <MantineProvider>
      <GhgEmissionWidget
        id="root_f"
        value={value}
        label="Emission"
        required={required}
        readOnly={false}
        disabled={false}
        options={options}
        context={context}
        onBlur={() => undefined}
        onChange={() => undefined}
      />
    </MantineProvider>,
  );
}

describe('GHG emission widget: calculation review', () => {
  it('sends the inputs (never a stored emission) and shows the emission per gas with the factors and their sources', async () => {
    const review = vi.fn(async (type: string, input: GhgInputs) => {
      const outcome = calculateGhg(type, input);
      return outcome.ok ? { result: outcome.result } : { message: 'refused' };
    });
    mount('fuel', { transportType: 'diesel', fuelConsumption: 1, emission: 1 } as GhgInputs, review);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Calculation review' }));
    expect(review).toHaveBeenCalledWith('fuel', { transportType: 'diesel', fuelConsumption: 1 });
    // 1 kL of diesel = 1,000 L x 2.58 kg-CO2/L
    expect((await screen.findByTestId('ghg-review-total')).textContent).toBe('2,580 kg');
    expect(screen.getByTestId('ghg-review-method').textContent).toBe('Method: Fuel method');
    expect(screen.getByText(/fuel:diesel = 2.58 kg-CO2\/L — METI\/MLIT/)).toBeDefined();
    expect(screen.getByText('Not included (no factor): CH4, N2O')).toBeDefined();
  });

  it('shows why there is no emission', async () => {
    mount('tonkilo', { transportType: 'railway', weight: 1, distance: 1 }, async () => ({
      message: '3062: A GHG emission factor needed for this calculation is not available.',
    }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Calculation review' }));
    expect(await screen.findByText(/3062: A GHG emission factor/)).toBeDefined();
  });

  it("marks every input of a required field as required, the transport type's too", () => {
    mount('tonkilo', {}, undefined, true);
    expect(screen.getByRole('combobox', { name: /Transport type/ }).getAttribute('aria-required')).toBe('true');
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toContain('Weight *');
    expect(labels).toContain('Transport type *');
  });

  it('marks no input of an optional field as required', () => {
    mount('tonkilo', {});
    expect(screen.getByRole('combobox', { name: 'Transport type' }).getAttribute('aria-required')).not.toBe('true');
  });

  it('offers the transport types its calculation type can use, and no review without a project', async () => {
    mount('modifiedTonkilo', {});
    expect(screen.queryByRole('button', { name: 'Calculation review' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Transport type' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toContain('Diesel truck, max load 4,000–5,999 kg');
    expect(options).not.toContain('Railway (freight)');
    expect(options).not.toContain('LPG vehicle');
  });
});
