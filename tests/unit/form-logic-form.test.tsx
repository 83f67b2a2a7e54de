import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import type { CustomField } from '@schemas/custom-field';
import { compile } from '@renderer/compile';
import { ConfiguredForm } from '@/shared/forms/configured-form';
import { uiSchemaFor } from '@/shared/forms/use-form-rules';
import { initI18n } from '@/shared/i18n/i18n';
import type { FormContext } from '@widgets/types';
import { context as compileContext, L } from './renderer/fixtures';

beforeAll(async () => {
  await (await initI18n(['en'])).loadNamespaces('forms');
});

const TOO_WARM = L('Outside 2-8 °C with the cold chain intact');
const fields: CustomField[] = [
  {
    key: 'temp',
    type: 'number',
    label: L('Temperature'),
    precision: 1,
    required: true,
    constraint: ". >= 2 and . <= 8 or intact != 'yes'",
    constraintMessage: TOO_WARM,
  },
  {
    key: 'intact',
    type: 'text',
    label: L('Intact'),
    required: true,
  },
  { key: 'reason', type: 'text', label: L('Reason'), required: true, relevant: "temp > 8 or intact == 'no'" },
  { key: 'note', type: 'text', label: L('Note'), requiredIf: "intact == 'no'", readOnlyIf: "intact == 'locked'" },
];
const formContext: FormContext = {
  language: 'en',
  stage: 'tracking',
  phoneSuggestions: [],
  emailSuggestions: [],
  uploadFile: async () => '',
  deleteFile: async () => undefined,
};

function Harness({ onSubmit, initial = {} }: { onSubmit(data: Record<string, unknown>): void; initial?: object }) {
  const [data, setData] = useState<Record<string, unknown>>({ ...initial });
  const form = compile(fields, compileContext({ stage: 'tracking' }));
  return (
    <MantineProvider>
      <ConfiguredForm form={form} formData={data} onChange={setData} onSubmit={onSubmit} context={formContext}>
        <button type="submit">Save</button>
      </ConfiguredForm>
    </MantineProvider>
  );
}

describe('form logic on the phone', () => {
  it(
    'says which fields a rule has just shown, and nothing of those hidden from the start',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup();
      render(<Harness onSubmit={vi.fn()} />);
      const temp = await screen.findByRole('textbox', { name: 'Temperature' }, { timeout: 15_000 });
      const status = screen.getByRole('status');
      expect(status).toHaveProperty('textContent', '');
      expect(status.getAttribute('aria-live')).toBe('polite');
      await user.type(temp, '12');
      await screen.findByRole('textbox', { name: /Reason/ });
      await waitFor(() => expect(status).toHaveProperty('textContent', 'Now asked: Reason'));
      // The focus stays where the user types.
      expect(document.activeElement).toBe(temp);
      // Hidden again: the region empties, so showing it again is said again.
      await user.clear(temp);
      await user.type(temp, '5');
      await waitFor(() => expect(screen.queryByRole('textbox', { name: /Reason/ })).toBeNull());
      expect(status).toHaveProperty('textContent', '');
      await user.clear(temp);
      await user.type(temp, '9');
      await waitFor(() => expect(status).toHaveProperty('textContent', 'Now asked: Reason'));
    },
  );

  it('shows a field only while relevant and requires it then; requiredIf too', { timeout: 40_000 }, async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const temp = await screen.findByRole('textbox', { name: 'Temperature' }, { timeout: 15_000 });
    expect(screen.queryByRole('textbox', { name: /Reason/ })).toBeNull();
    await user.type(temp, '12');
    await user.type(screen.getByRole('textbox', { name: 'Intact' }), 'no');
    const reason = await screen.findByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveProperty('required', true);
    // A text is taken as typed a moment later (the widget waits for a pause): the note follows then.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Note/ })).toHaveProperty('required', true));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect((await screen.findAllByText('This item is required.')).length).toBe(2);
    await user.type(reason, 'door');
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'left open');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ temp: 12, intact: 'no', reason: 'door', note: 'left open' });
  });

  it(
    'shows the constraint message at once and refuses to submit; a value within passes',
    { timeout: 40_000 },
    async () => {
      const user = userEvent.setup();
      const onSubmit = vi.fn();
      render(<Harness onSubmit={onSubmit} initial={{ intact: 'yes', reason: 'stale', note: 'kept' }} />);
      const temp = await screen.findByRole('textbox', { name: 'Temperature' }, { timeout: 15_000 });
      await user.type(temp, '12');
      expect(await screen.findByText(TOO_WARM.en)).toBeDefined();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(onSubmit).not.toHaveBeenCalled();
      await user.clear(temp);
      await user.type(temp, '5');
      await waitFor(() => expect(screen.queryByText(TOO_WARM.en)).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Save' }));
      // The stale reason of a field that was never shown is not sent.
      expect(onSubmit).toHaveBeenCalledWith({ temp: 5, intact: 'yes', note: 'kept' });
    },
  );

  it('makes a field read-only while its rule holds', { timeout: 40_000 }, async () => {
    render(<Harness onSubmit={vi.fn()} initial={{ intact: 'locked' }} />);
    const note = await screen.findByRole('textbox', { name: /Note/ }, { timeout: 15_000 });
    expect(note).toHaveProperty('readOnly', true);
  });
});

describe('the uiSchema for a verdict', () => {
  const base = {
    'ui:order': ['a', 'b', 'c'],
    a: { 'ui:field': 'text', 'ui:options': { fieldKey: 'a' } },
    b: { 'ui:field': 'text', 'ui:options': { fieldKey: 'b' } },
    c: { 'ui:field': 'text', 'ui:options': { fieldKey: 'c' } },
  };
  it('is the same object when no rule changes anything', () => {
    expect(uiSchemaFor(base, { hidden: [], readOnly: [], required: [] })).toBe(base);
  });
  it('hides, locks and requires by rule, leaving the other fields as they were', () => {
    const ui = uiSchemaFor(base, { hidden: ['a'], readOnly: ['b'], required: ['b', 'c'] });
    expect(ui).toEqual({
      'ui:order': ['a', 'b', 'c'],
      a: { 'ui:field': 'text', 'ui:options': { fieldKey: 'a' }, 'ui:widget': 'hidden' },
      b: { 'ui:field': 'text', 'ui:options': { fieldKey: 'b', requiredByRule: true }, 'ui:readonly': true },
      c: { 'ui:field': 'text', 'ui:options': { fieldKey: 'c', requiredByRule: true } },
    });
    expect(base.a).toEqual({ 'ui:field': 'text', 'ui:options': { fieldKey: 'a' } });
  });
});
