import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { initI18n } from '@/shared/i18n/i18n';
import { AccessCodeInput, type AccessCodeValue } from '@/features/auth/components/access-code-input';

beforeAll(async () => {
  await initI18n(['en']);
});

function Harness({ onSubmit }: { onSubmit(code: string): void }) {
  const [value, setValue] = useState<AccessCodeValue>({ first: '', last: '' });
  return (
    <MantineProvider>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit(value.first + value.last);
        }}
      >
        <AccessCodeInput value={value} onChange={setValue} />
        <button type="submit">Authenticate</button>
      </form>
    </MantineProvider>
  );
}

const fields = () =>
  [screen.getByLabelText('Access code, first 4 digits'), screen.getByLabelText('Access code, last 4 digits')] as const;

describe('AccessCodeInput', () => {
  it('keeps digits only and moves to the second field after 4 digits', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    const [first, second] = fields();
    await user.click(first);
    await user.keyboard('1a2-3 4');
    expect(first).toHaveProperty('value', '1234');
    expect(document.activeElement).toBe(second);
    await user.keyboard('56789');
    expect(second).toHaveProperty('value', '5678');
  });

  it('submits the joined 8 digits with Enter', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(fields()[0]);
    await user.keyboard('11112222{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('11112222');
  });

  it('fills both fields when 8 digits are pasted into the first', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    const [first, second] = fields();
    await user.click(first);
    await user.paste('3333-4444');
    expect(first).toHaveProperty('value', '3333');
    expect(second).toHaveProperty('value', '4444');
  });

  it('goes back to the first field on Backspace in an empty second field', async () => {
    const user = userEvent.setup();
    render(<Harness onSubmit={vi.fn()} />);
    const [first] = fields();
    await user.click(first);
    await user.keyboard('1234{Backspace}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Backspace}');
    expect(first).toHaveProperty('value', '123');
  });

  it('labels both fields for screen readers and asks phones for a numeric keypad', () => {
    render(<Harness onSubmit={vi.fn()} />);
    for (const field of fields()) expect(field.getAttribute('inputmode')).toBe('numeric');
  });
});
