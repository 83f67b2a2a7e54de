import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { useState, type ComponentType } from 'react';
import { initI18n } from '@/shared/i18n/i18n';
import type { FieldWidgetProps, FormContext } from '@widgets/types';
import { LocationWidget } from '@widgets/location/location-widget';
import { FilesWidget } from '@widgets/files/files-widget';
import { WeightMeasurementWidget } from '@widgets/weight-measurement/weight-measurement-widget';
import { NumberWidget, unitSectionWidth } from '@widgets/number/number-widget';
import { TextWidget } from '@widgets/text/text-widget';
import { PhoneNumberWidget } from '@widgets/phone-number/phone-number-widget';
import { AdjustmentWidget } from '@widgets/adjustment/adjustment-widget';
import { ReferenceWidget } from '@widgets/reference/reference-widget';
import { widgetFor, UnknownFieldTypeError, registeredFieldTypes } from '@widgets/registry';
import { compileForm, FIELD_TYPE_NAMES, formSourceOfFields } from '@renderer';
import type { CustomField } from '@schemas/custom-field';

beforeAll(async () => {
  await (await initI18n(['en'])).loadNamespaces('forms');
});

const baseContext = (overrides: Partial<FormContext> = {}): FormContext => ({
  language: 'en',
  stage: 'activation',
  phoneSuggestions: [],
  emailSuggestions: [],
  uploadFile: async () => 'blob:x',
  deleteFile: async () => undefined,
  ...overrides,
});

/** The `ui:options` the renderer compiles for a field configured like this (key 'f'). */
function optionsOf(field: { type: CustomField['type'] } & Record<string, unknown>): never {
  const form = compileForm(
    formSourceOfFields([
      { key: 'f', label: { en: 'Field', ja: 'Field', 'zh-TW': 'Field', 'zh-CN': 'Field' }, ...field } as CustomField,
    ]),
    { form: 'activation', barcodeType: 't', stage: 'activation' },
    { language: 'en', loggedIn: true },
  );
  return (form.uiSchema.f as { 'ui:options': never })['ui:options'];
}

/** Renders a widget of a field configured like `field` with its own value state; returns the last value it reported. */
function mount<T>(
  Widget: ComponentType<FieldWidgetProps<T, never>>,
  field: { type: CustomField['type'] } & Record<string, unknown>,
  context: Partial<FormContext> = {},
  initial?: T,
) {
  const reported: { value: T | undefined } = { value: initial };
  const options = optionsOf(field);
  function Harness() {
    const [value, setValue] = useState<T | undefined>(initial);
    return (
      <MantineProvider>
        <Widget
          id="root_f"
          value={value}
          label="Field"
          required={false}
          readOnly={false}
          disabled={false}
          options={options}
          context={baseContext(context)}
          onBlur={() => undefined}
          onChange={(v) => {
            reported.value = v;
            setValue(v);
          }}
        />
      </MantineProvider>
    );
  }
  render(<Harness />);
  return reported;
}

describe('registry', () => {
  it('has a widget for every field type and a clear error for an unknown one', () => {
    expect(registeredFieldTypes().sort()).toEqual([...FIELD_TYPE_NAMES].sort());
    expect(() => widgetFor('hologram')).toThrow(UnknownFieldTypeError);
    expect(() => widgetFor('hologram')).toThrow(/No widget for field type 'hologram'. Known types: text, number/);
  });
});

describe('number', () => {
  it('clamps and rounds on blur, and steps with the plus / minus buttons', async () => {
    const user = userEvent.setup();
    const reported = mount(NumberWidget, { type: 'number', min: 0, max: 10, precision: 1, step: 1 });
    const input = screen.getByRole('textbox', { name: 'Field' });
    await user.type(input, '12.345');
    await user.tab();
    expect(reported.value).toBe(10);
    await user.click(screen.getByRole('button', { name: 'Decrease Field' }));
    expect(reported.value).toBe(9);
    await user.clear(input);
    await user.type(input, '3.14159');
    await user.tab();
    expect(reported.value).toBe(3.1);
    expect(input).toHaveProperty('value', '3.1');
  });

  it('says at the field when a typed value was brought into bounds, and forgets it at the next good value', async () => {
    const user = userEvent.setup();
    const reported = mount(NumberWidget, { type: 'number', min: 0, max: 100000, precision: 1, unitSuffix: 'kg' });
    const input = screen.getByRole('textbox', { name: 'Field' });
    await user.type(input, '100001');
    await user.tab();
    expect(reported.value).toBe(100000);
    expect(screen.getByRole('status').textContent).toBe('At most 100,000 kg: changed to 100,000.');
    await user.clear(input);
    await user.type(input, '-5');
    await user.tab();
    expect(reported.value).toBe(0);
    expect(screen.getByRole('status').textContent).toBe('At least 0 kg: changed to 0.');
    await user.clear(input);
    await user.type(input, '12');
    await user.tab();
    expect(reported.value).toBe(12);
    expect(screen.queryByRole('status')).toBeNull();
    // The buttons stop at the bound by themselves: nothing was changed behind the user's back.
    await user.click(screen.getByRole('button', { name: 'Decrease Field' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('number: what the input is described by', () => {
  function renderNumber(props: { error?: string; description?: string }) {
    return render(
      <MantineProvider>
        <NumberWidget
          id="root_f"
          value={undefined}
          label="Field"
          required={false}
          readOnly={false}
          disabled={false}
          options={optionsOf({ type: 'number', min: 0, max: 10, precision: 0 })}
          context={baseContext() as never}
          onBlur={() => undefined}
          onChange={() => undefined}
          {...props}
        />
      </MantineProvider>,
    );
  }

  /** The texts the input's aria-describedby points at, in order. */
  const descriptionOf = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((ref) => document.getElementById(ref)?.textContent);

  it('points at its error message, as the single-input widgets do', () => {
    renderNumber({ error: 'This field is required.' });
    const input = screen.getByRole('textbox', { name: 'Field' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(input)).toEqual(['This field is required.']);
  });

  it('points at its help text and error together, and at nothing when there is neither', () => {
    const { unmount } = renderNumber({ description: 'Gross weight', error: 'Must be above 0.' });
    const input = screen.getByRole('textbox', { name: 'Field' });
    expect(descriptionOf(input)).toEqual(['Must be above 0.', 'Gross weight']);
    unmount();
    renderNumber({});
    const plain = screen.getByRole('textbox', { name: 'Field' });
    expect(plain.hasAttribute('aria-describedby')).toBe(false);
    expect(plain.hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('a number unit inside the input', () => {
  it('stays on one line, in a section as wide as its characters', () => {
    mount(NumberWidget, { type: 'number', min: 0, precision: 0, unitPrefix: '¥', unitSuffix: 'cases' });
    const unit = screen.getByText('cases');
    expect(unit.style.whiteSpace).toBe('nowrap');
    expect(screen.getByText('¥').style.whiteSpace).toBe('nowrap');
    // The section's width (and so the input's padding) is the unit's, read by the input's styles.
    const wrapper = unit.closest<HTMLElement>('[style*="--input-right-section-width"]')!;
    expect(wrapper.style.getPropertyValue('--input-right-section-width')).toBe(unitSectionWidth('cases'));
    expect(wrapper.style.getPropertyValue('--input-left-section-width')).toBe(unitSectionWidth('¥'));
  });

  it('sizes the section by the unit: longer units and wide characters get more room', () => {
    const em = (unit: string) => Number(/calc\(([\d.]+)em \+ 14px\)/.exec(unitSectionWidth(unit))![1]);
    expect(em('cases')).toBeGreaterThanOrEqual(3);
    expect(em('pallets')).toBeGreaterThan(em('cases'));
    expect(em('ケース')).toBeGreaterThanOrEqual(3);
    expect(em('箱')).toBeGreaterThan(em('k'));
  });
});

describe('text', () => {
  it('applies the mask and shows a counter', async () => {
    const user = userEvent.setup();
    const reported = mount(TextWidget, { type: 'text', mask: '999-9999' });
    await user.type(screen.getByRole('textbox', { name: 'Field' }), '1234567');
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveProperty('value', '123-4567');
    // The form hears of typing when it pauses (or on blur / Enter): not on every keystroke.
    expect(reported.value).toBeUndefined();
    await waitFor(() => expect(reported.value).toBe('123-4567'));
  });
  it('counts characters against maxLength', async () => {
    const user = userEvent.setup();
    mount(TextWidget, { type: 'text', maxLength: 10, counter: true });
    await user.type(screen.getByRole('textbox', { name: 'Field' }), 'abc');
    expect(screen.getByText('3/10')).toBeDefined();
  });
  it('shows the reader buttons the field asks for, and what they read replaces the value (pattern applied)', async () => {
    const user = userEvent.setup();
    const readText = vi.fn(async () => 'AB 12-3');
    const reported = mount(
      TextWidget,
      { type: 'text', readers: ['barcode', 'ocr'], inputPattern: 'lettersDigits' },
      { scanBarcode: async () => 'LOT9', readText },
    );
    await user.click(screen.getByRole('button', { name: 'Scan a barcode into this field' }));
    await waitFor(() => expect(reported.value).toBe('LOT9'));
    await user.click(screen.getByRole('button', { name: 'Read text (OCR)' }));
    await waitFor(() => expect(reported.value).toBe('AB123'));
    expect(readText).toHaveBeenCalledWith('root_f');
  });
  it('keeps what fits of a long read value', async () => {
    const user = userEvent.setup();
    const reported = mount(
      TextWidget,
      { type: 'text', readers: ['ocr'], maxLength: 5, counter: true },
      { readText: async () => 'ABCDEFGH' },
    );
    await user.click(screen.getByRole('button', { name: 'Read text (OCR)' }));
    await waitFor(() => expect(reported.value).toBe('ABCDE'));
    expect(screen.getByText('5/5')).toBeDefined();
  });
  it('offers no reader button the screen cannot serve, and keeps the value when the reader is cancelled', async () => {
    const user = userEvent.setup();
    const reported = mount(
      TextWidget,
      { type: 'text', readers: ['barcode', 'ocr'] },
      { scanBarcode: async () => null },
      'KEEP',
    );
    expect(screen.queryByRole('button', { name: 'Read text (OCR)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Scan a barcode into this field' }));
    expect(reported.value).toBe('KEEP');
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveProperty('value', 'KEEP');
  });
});

describe('phone number', () => {
  it('suggests the predefined contacts', async () => {
    const user = userEvent.setup();
    mount(
      PhoneNumberWidget,
      { type: 'phoneNumber' },
      { phoneSuggestions: [{ name: 'Osaka DC', countryCode: '+81', number: '663334444' }] },
    );
    await user.click(screen.getByRole('combobox', { name: 'Field' }));
    expect(await screen.findByText('Osaka DC +81 663334444')).toBeDefined();
  });
});

describe('location', () => {
  const geolocation = (impl: Geolocation['getCurrentPosition']) => {
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition: impl }, configurable: true });
  };

  it('records the position and links it to a map', async () => {
    geolocation((ok) =>
      ok({ coords: { latitude: 35.681236, longitude: 139.767125, accuracy: 12 } } as GeolocationPosition),
    );
    const reported = mount(LocationWidget, { type: 'location' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record current location' }));
    await waitFor(() => expect(reported.value).toEqual({ latitude: 35.681236, longitude: 139.767125, accuracy: 12 }));
    expect(screen.getByRole('link', { name: 'Open map' }).getAttribute('href')).toContain('35.681236,139.767125');
  });

  it('asks to allow access when permission is denied', async () => {
    geolocation((_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError));
    mount(LocationWidget, { type: 'location' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Record current location' }));
    expect(await screen.findByText(/allow access to your location/)).toBeDefined();
  });

  it("offers 'Fail to get location. Retry?' and the retry works", async () => {
    const impl = vi.fn<Geolocation['getCurrentPosition']>((_ok, fail) =>
      fail?.({ code: 2 } as GeolocationPositionError),
    );
    geolocation(impl);
    const reported = mount(LocationWidget, { type: 'location' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Record current location' }));
    expect(await screen.findByText('Fail to get location. Retry?')).toBeDefined();
    impl.mockImplementation((ok) => ok({ coords: { latitude: 1, longitude: 2, accuracy: 3 } } as GeolocationPosition));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reported.value).toEqual({ latitude: 1, longitude: 2, accuracy: 3 }));
  });
});

describe('weight measurement', () => {
  it("reads the scale in auto mode, and says 'Failed to fetch weight measurement' when it cannot", async () => {
    const fetchWeight = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(412.3);
    const reported = mount(
      WeightMeasurementWidget,
      { type: 'weightMeasurement', mode: 'auto', precision: 1 },
      { fetchWeight },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Read the scale' }));
    expect(await screen.findByText('Failed to fetch weight measurement')).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: 'Field' }), '400');
    await user.tab();
    expect(reported.value).toBe(400);
    await user.click(screen.getByRole('button', { name: 'Read the scale' }));
    await waitFor(() => expect(reported.value).toBe(412.3));
  });

  it('offers no scale button in manual mode', () => {
    mount(WeightMeasurementWidget, { type: 'weightMeasurement', mode: 'manual' }, { fetchWeight: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Read the scale' })).toBeNull();
  });
});

describe('files', () => {
  // happy-dom cannot decode images: scaling fails and the original file is uploaded, as scaleImage
  // does in any browser that cannot decode a photo.
  it('refuses a file that is not an accepted image, uploads images with progress, counts and deletes', async () => {
    let finish: (url: string) => void = () => undefined;
    const progress: number[] = [];
    const uploadFile = vi.fn(
      (_file: File, onProgress: (p: number) => void) =>
        new Promise<string>((resolve) => {
          onProgress(40);
          progress.push(40);
          finish = resolve;
        }),
    );
    const deleteFile = vi.fn(async () => undefined);
    const reported = mount(
      FilesWidget,
      { type: 'files', fileKind: 'image', maxCount: 2, maxImageSide: 800 },
      { uploadFile, deleteFile },
    );
    const input = screen.getByTestId('root_f-file-input') as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/notes.pdf is not an accepted image/)).toBeDefined();
    expect(uploadFile).not.toHaveBeenCalled();
    await user.upload(input, new File(['png-bytes'], 'pallet.png', { type: 'image/png' }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('progressbar', { name: 'Uploading 40%' })).toBeDefined();
    await act(async () => finish('https://files.example/pallet.png'));
    await waitFor(() =>
      expect(reported.value).toEqual([{ name: 'pallet.png', url: 'https://files.example/pallet.png' }]),
    );
    expect(screen.getByText('1 / 2')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Delete pallet.png' }));
    expect(deleteFile).toHaveBeenCalledWith('https://files.example/pallet.png');
    expect(reported.value).toBeUndefined();
  });

  it("reports a single item whose url is 'none' for a barcode scan frame without a scan", async () => {
    const reported = mount(FilesWidget, { type: 'files', fileKind: 'barcodeScanFrame', maxCount: 1 });
    await waitFor(() => expect(reported.value).toEqual([{ name: 'none', url: 'none' }]));
    expect(
      screen.getByText(
        'No scan image: this barcode was not scanned with the camera for this tracking, so there is no image to add.',
      ),
    ).toBeDefined();
  });
});

describe("adjustment widget with the server's running quantity", () => {
  const quantity = {
    initial: 100,
    increase: 20,
    decrease: 30,
    remaining: 90,
    quantity: 30,
    type: 'decrease' as const,
    adjustedAt: '2026-11-23T09:05:00Z',
  };

  it('shows initial, increase, decrease, the latest quantity, its time and what remains after this adjustment', async () => {
    mount(
      AdjustmentWidget,
      { type: 'adjustment', precision: 0, unitSuffix: 'cases', quantityOf: 'stock' },
      { stage: 'tracking', currentQuantities: { stock: quantity } },
      { type: 'decrease', value: 40 },
    );
    const row = (key: string) => document.querySelector(`[data-quantity="${key}"] td`)?.textContent;
    expect(row('initial')).toBe('100 cases');
    expect(row('increase')).toBe('+20 cases');
    expect(row('decrease')).toBe('−30 cases');
    expect(row('quantity')).toBe('−30 cases');
    expect(row('adjustedAt')).toMatch(/^2026\/11\/23 \d{1,2}:\d{2} (AM|PM)$/);
    expect(row('remaining')).toBe('90 cases → 50 cases');
    expect(screen.getByText('Adjustment time')).toBeTruthy();
  });

  it('shows no quantities when the server gave none for the field (bulk tracking), nor at activation', () => {
    mount(
      AdjustmentWidget,
      { type: 'adjustment', quantityOf: 'other' },
      { stage: 'tracking', currentQuantities: { stock: quantity } },
    );
    expect(document.querySelector('[data-testid="adjustment-quantities"]')).toBeNull();
  });
});

describe('reference', () => {
  it("takes the value looked up under its key, and nothing for a key named like an object's own", async () => {
    const data = { purchaseOrder: 'PO-2026-0042' };
    const found = mount(ReferenceWidget, { type: 'reference', referenceKey: 'purchaseOrder' }, { referenceData: data });
    await waitFor(() => expect(found.value).toBe('PO-2026-0042'));
    document.body.innerHTML = '';
    const inherited = mount(
      ReferenceWidget,
      { type: 'reference', referenceKey: 'constructor' },
      { referenceData: data },
    );
    await act(async () => undefined);
    expect(inherited.value).toBeUndefined();
  });
});
