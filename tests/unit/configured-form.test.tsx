import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import type { CustomField } from '@schemas/custom-field';
import { compile } from '@renderer/compile';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { initI18n } from '@/shared/i18n/i18n';
import type { FormContext } from '@widgets/types';
import { context as compileContext, L } from './renderer/fixtures';

beforeAll(async () => {
  await (await initI18n(['en'])).loadNamespaces('forms');
});

const fields: CustomField[] = [
  { key: 'cases', type: 'number', label: L('Cases'), precision: 0, required: true },
  { key: 'perCase', type: 'number', label: L('Per case'), precision: 0 },
  { key: 'total', type: 'calculation', label: L('Total'), formula: 'cases * perCase', precision: 0 },
  { key: 'cost', type: 'number', label: L('Cost'), visibility: 'visibleWhenLoggedIn' },
];
const formContext: FormContext = {
  language: 'en',
  stage: 'activation',
  phoneSuggestions: [],
  emailSuggestions: [],
  uploadFile: async () => '',
  deleteFile: async () => undefined,
};

function Harness({ loggedIn, onSubmit }: { loggedIn: boolean; onSubmit(data: Record<string, unknown>): void }) {
  const [data, setData] = useState<Record<string, unknown>>({ total: 999 });
  const form = compile(fields, compileContext({ loggedIn }));
  return (
    <MantineProvider>
      <ConfiguredForm form={form} formData={data} onChange={setData} onSubmit={onSubmit} context={formContext}>
        <button type="submit">Save</button>
      </ConfiguredForm>
    </MantineProvider>
  );
}

describe('ConfiguredForm', () => {
  it('recomputes calculations as the user types and submits them', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness loggedIn onSubmit={onSubmit} />);
    const total = screen.getByRole('textbox', { name: 'Total' });
    // The first recompute waits for the formula engine's module to load, which a busy machine
    // takes longer than waitFor's default second for.
    await waitFor(() => expect(total).toHaveProperty('value', ''), { timeout: 15_000 });
    // Its help names the fields it is calculated from, never the formula's keys.
    expect(screen.getByText('Calculated from Cases and Per case.')).toBeDefined();
    expect(screen.queryByText(/perCase/)).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Cases' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Per case' }), '5');
    await waitFor(() => expect(total).toHaveProperty('value', '60'), { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ cases: 12, perCase: 5, total: 60 }));
  });

  it('shows translated errors on submit and masks fields a visitor may not see', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness loggedIn={false} onSubmit={onSubmit} />);
    expect(screen.queryByRole('textbox', { name: 'Cost' })).toBeNull();
    expect(screen.getByText('The *** item is hidden by the permission setting')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This item is required.')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ConfiguredForm with a field type this client does not know', () => {
  it('says so in place of the form instead of drawing a wrong input', () => {
    const form = compile(fields.slice(0, 1), compileContext());
    const broken = { ...form, fields: [{ ...form.fields[0], type: 'hologram' } as unknown as CustomField] };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MantineProvider>
        <ConfiguredForm form={broken} formData={{}} onChange={vi.fn()} onSubmit={vi.fn()} context={formContext}>
          <span />
        </ConfiguredForm>
      </MantineProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain("No widget for field type 'hologram'");
    expect(screen.getByText('This form could not be drawn.')).toBeDefined();
  });
});
