import { describe, expect, it } from 'vitest';
import type { BarcodeType } from '@schemas/project-config';
import { formsOf, pointerSegment, suggestionsOf } from '@renderer/forms';
import { L, text } from './fixtures';

const type = (overrides: Partial<BarcodeType> = {}): BarcodeType =>
  ({
    order: 0,
    name: L('Pallet'),
    icon: 'package',
    color: { foreground: '#000000', background: '#ffffff' },
    userTypes: ['staff'],
    activationFields: [text('lot')],
    trackPoints: [
      { key: 'start', name: L('Start'), trackPointForms: [] },
      {
        key: 'hub',
        name: L('Hub'),
        trackPointForms: [
          { key: 'check', name: L('Check'), customFields: [text('seal')] },
          { key: 'photo', name: L('Photo'), customFields: [text('pic')] },
        ],
      },
    ],
    ...overrides,
  }) as BarcodeType;

describe('formsOf: every form of a barcode type, in configuration order', () => {
  it('the activation form first, then each trackpoint form, with where its fields sit in the configuration', () => {
    const forms = formsOf('pallet', type());
    expect(forms.map((f) => [f.form, f.trackPointKey, f.fields.map((x) => x.key), f.pointer])).toEqual([
      ['activation', undefined, ['lot'], '/barcodeTypes/pallet/activationFields'],
      ['hub/check', 'hub', ['seal'], '/barcodeTypes/pallet/trackPoints/1/trackPointForms/0/customFields'],
      ['hub/photo', 'hub', ['pic'], '/barcodeTypes/pallet/trackPoints/1/trackPointForms/1/customFields'],
    ]);
    expect(forms.map((f) => f.ref)).toEqual([
      { form: 'activation', barcodeType: 'pallet', stage: 'activation' },
      { form: 'trackPoint', barcodeType: 'pallet', trackPointKey: 'hub', formKey: 'check' },
      { form: 'trackPoint', barcodeType: 'pallet', trackPointKey: 'hub', formKey: 'photo' },
    ]);
    expect(forms.every((f) => f.barcodeType === 'pallet')).toBe(true);
  });

  it('a type key with / or ~ is escaped in the pointer (RFC 6901)', () => {
    expect(formsOf('a/b~c', type({ trackPoints: [] }))[0]?.pointer).toBe('/barcodeTypes/a~1b~0c/activationFields');
    expect(pointerSegment('x~/~/y')).toBe('x~0~1~0~1y');
  });
});

describe('suggestionsOf: contacts a phone or e-mail field offers', () => {
  it('phones from the predefined contacts; e-mails from the route notifications, then the predefined ones', () => {
    const phone = { name: 'Desk', countryCode: '+81', number: '312345678' };
    const suggestions = suggestionsOf(
      type({
        predefinedContact: { numberContacts: [phone], emails: ['desk@example.com'] },
        trackPointRouteNotifications: { emailDestinations: ['ops@example.com'] },
      } as Partial<BarcodeType>),
    );
    expect(suggestions).toEqual({
      phoneSuggestions: [phone],
      emailSuggestions: ['ops@example.com', 'desk@example.com'],
    });
  });

  it('none when the type has none, or there is no type', () => {
    expect(suggestionsOf(type())).toEqual({ phoneSuggestions: [], emailSuggestions: [] });
    expect(suggestionsOf(undefined)).toEqual({ phoneSuggestions: [], emailSuggestions: [] });
    expect(suggestionsOf(type({ predefinedContact: {} } as Partial<BarcodeType>))).toEqual({
      phoneSuggestions: [],
      emailSuggestions: [],
    });
  });
});
