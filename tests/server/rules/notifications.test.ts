import { describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate, templateValues } from '../../../server/rules/message-template';
import { arrivalNotification, compiledMessage } from '../../../server/rules/notifications';
import { BOX, PROJECT } from './fixtures';

const barcode = {
  id: 'AAAAAAAAAAAA',
  external_id: 'PO-1',
  tracking_number: 'TN-1',
  barcode_type: 'box',
  current_track_point_key: 'hub',
  activation_data: {
    productName: '<Vaccine & co>',
    internalCost: 1200,
    qaNotes: 'recall',
    origin: { country: 'JPN', address1: '1-1 Umeda' },
    handling: ['cold', 'fragile'],
  },
};
const [, hub, delivered] = BOX.trackPoints;

describe('a route notification', () => {
  it('is sent when the trackpoint reached has one: subject as text, body as HTML with escaped values', () => {
    expect(arrivalNotification(PROJECT, barcode, hub!)).toEqual({
      subject: 'AAAAAAAAAAAA at hub',
      body: '<b>&lt;Vaccine &amp; co&gt;</b> ',
      mobileAlertDurationByMinutes: 60,
      emails: ['qa@example.com'],
      phones: ['+819011112222'],
    });
  });

  it('never carries fields hidden from visitors: messages leave the enterprise', () => {
    expect(arrivalNotification(PROJECT, barcode, hub!)?.body).not.toContain('1200');
  });

  it('is nothing at a trackpoint without one', () => {
    expect(arrivalNotification(PROJECT, barcode, delivered!)).toBeNull();
  });

  it('goes nowhere for a type without destinations, and alerts always without a duration', () => {
    const point = { ...hub!, routeNotification: { subject: 's', body: 'b' } };
    expect(arrivalNotification(PROJECT, { ...barcode, barcode_type: 'crate' }, point)).toEqual({
      subject: 's',
      body: 'b',
      mobileAlertDurationByMinutes: null,
      emails: [],
      phones: [],
    });
    expect(arrivalNotification(PROJECT, { ...barcode, barcode_type: null }, point)?.emails).toEqual([]);
  });
});

describe('message templates', () => {
  it('are filled for the barcode at its current trackpoint, values escaped', () => {
    expect(
      compiledMessage(
        PROJECT,
        barcode,
        '{{ trackPointKey }}: {{field.productName}} ({{externalId}}, {{trackingNumber}}, {{barcodeType}})',
      ),
    ).toBe('hub: &lt;Vaccine &amp; co&gt; (PO-1, TN-1, Box)');
    expect(compiledMessage(PROJECT, { ...barcode, current_track_point_key: null }, '[{{trackPoint}}]')).toBe('[]');
  });

  it('read addresses by their parts in reading order, lists joined with commas, nothing for an empty value', () => {
    const values = templateValues(PROJECT, barcode, hub);
    expect(values['field.origin']).toBe('1-1 Umeda JPN');
    const origin = {
      country: 'JPN',
      postalCode: '530-0001',
      prefecture: 'Osaka',
      zone: 'B',
      address1: '1-1 Umeda',
      companyName: 'FrostLine',
      annex: 'A',
    };
    expect(templateValues(PROJECT, { ...barcode, activation_data: { origin, productName: null } }, hub)).toMatchObject({
      'field.origin': 'FrostLine 1-1 Umeda Osaka 530-0001 JPN A B',
      'field.productName': '',
    });
    expect(values['field.handling']).toBe('cold, fragile');
    expect(values['field.qaNotes']).toBeUndefined();
  });

  it('leave an unknown placeholder as written, and empty a field the message may not carry', () => {
    expect(fillTemplate('{{nope}} {{field.qaNotes}}.', templateValues(PROJECT, barcode, hub), true)).toBe('{{nope}} .');
    expect(escapeHtml(`<a href="x">'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&lt;/a&gt;');
  });
});
