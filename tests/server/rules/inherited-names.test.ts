import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../schemas/error-codes';
import type { ProjectConfig } from '../../../schemas/project-config';
import type { BulkBarcode } from '../../../server/rows/barcodes';
import { activationType, editedType } from '../../../server/rules/activation';
import { trackPointsByType } from '../../../server/rules/bulk';
import { diffConfigs } from '../../../server/rules/config-diff';
import { decodeAttribute } from '../../../server/rules/custom-page';
import { hiddenFieldKeys } from '../../../server/rules/ghg';
import { maxLinksOf, linkingRefusal } from '../../../server/rules/linking';
import { fillTemplate, templateValues, type MessageBarcode } from '../../../server/rules/message-template';
import { arrivalNotification, compiledMessage } from '../../../server/rules/notifications';
import { currentTrackPoint, maxChildrenOf, pairingRefusal } from '../../../server/rules/pairing';
import { fieldMatch, labelTitle, searchableKeysByType } from '../../../server/rules/search';
import { nextTrackPoint, trackPointsOf } from '../../../server/rules/tracking';
import { visibleActivationKeys } from '../../../server/rules/visibility';
import { answer, BOX, CONFIG, onField, PROJECT } from './fixtures';

/**
 * Every rule that looks a barcode type, a placeholder or a field up by a key that came from a
 * request or a stored row answers a name every object inherits as it answers an unknown name:
 * the inherited member is never taken for the thing looked up.
 */
const INHERITED = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];
const types = CONFIG.barcodeTypes;
/** A barcode of the type as the rules read it (a stored row, a bulk entry). */
const placed = (barcodeType: string): BulkBarcode & MessageBarcode => ({
  id: 'b1',
  barcode_type: barcodeType,
  is_activated: true,
  current_track_point_key: 'packed',
  parent_id: null,
  cycle: 0,
  external_id: null,
  tracking_number: null,
  activation_data: { productName: 'Vaccine' },
  enterprise_id: 'ent-frostline',
  project_code: 'demo',
  project_version: 1,
  is_deactivated: false,
  revision: 1,
  is_sealed: false,
  children_count: 0,
  link_count: 0,
  stock_location_id: null,
  hold_reference: null,
});

/** The configuration with the box's labels titled by the field `key`. */
const titledBy = (key: string): ProjectConfig => ({
  ...CONFIG,
  barcodeTypes: { ...types, box: { ...BOX, uiConfig: { listViewTitleLabelField: key } } },
});

describe.each(INHERITED)('%s as a key', (name) => {
  /** What the rule answers for `name`, beside what it answers for a name nothing has. */
  const alike = (rule: (key: string) => unknown) => expect(rule(name)).toEqual(rule('nope'));

  it('is no barcode type to activate or edit as (ErrorCode.invalidBarcodeType)', () => {
    expect(answer(() => activationType(CONFIG, name, 'staff'))).toEqual(
      onField('barcodeType', ErrorCode.invalidBarcodeType),
    );
    alike((key) => answer(() => editedType(CONFIG, placed(key), key)));
  });

  it('is no type to track, pair or link as', () => {
    alike((key) => trackPointsOf(types, key));
    alike((key) => [...trackPointsByType(types, [placed(key)], 'hub')]);
    alike((key) => answer(() => nextTrackPoint(types, placed(key), 'hub')));
    alike((key) => [maxChildrenOf(types, key), maxLinksOf(types, key)]);
    alike((key) => [pairingRefusal(types, placed(key)), linkingRefusal(types, placed(key))]);
    alike((key) => currentTrackPoint(types, placed(key)));
  });

  it('is no type whose fields a viewer sees, searches or titles labels with', () => {
    alike((key) => [...visibleActivationKeys(CONFIG, key, true)]);
    alike((key) => [...hiddenFieldKeys(CONFIG, key)]);
    const keys = searchableKeysByType(CONFIG, true);
    alike((key) => fieldMatch(CONFIG, keys, key, 'productName', 'Vaccine'));
    alike((key) => fieldMatch(CONFIG, keys, 'box', key, 'Vaccine').kind);
    alike((key) => labelTitle(CONFIG, key, { productName: 'Vaccine' }, new Set([key])));
    // A title field named so in a configuration stored before such names were refused.
    alike((key) => labelTitle(titledBy(key), 'box', { productName: 'Vaccine' }, new Set([key])));
  });

  it('is an unknown placeholder in a message: kept as written, or empty for a field', () => {
    const values = templateValues(PROJECT, placed('box'), BOX.trackPoints[1]);
    expect(fillTemplate(`{{${name}}}|{{field.${name}}}|{{barcodeId}}`, values, true)).toBe(`{{${name}}}||b1`);
    alike((key) => compiledMessage(PROJECT, placed(key), '{{barcodeType}} {{field.productName}}'));
    alike((key) => arrivalNotification(PROJECT, placed(key), BOX.trackPoints[1]!));
  });

  it('is no named character reference of a custom page', () => {
    expect(decodeAttribute(`a&${name};b`)).toBe(`a&${name};b`);
  });

  it('as a barcode type of a configuration diff, is compared like any other type', () => {
    const withType = { ...types };
    Object.defineProperty(withType, name, { value: BOX, enumerable: true, writable: true, configurable: true });
    const after: ProjectConfig = { ...CONFIG, barcodeTypes: withType };
    expect(diffConfigs(CONFIG, after)).toEqual([{ kind: 'barcodeTypeAdded', place: { barcodeType: name } }]);
    expect(diffConfigs(after, CONFIG)).toEqual([
      { kind: 'barcodeTypeRemoved', place: { barcodeType: name }, usage: { place: { barcodeType: name } } },
    ]);
  });
});

it('a rule still finds what a record holds under such a name itself (as JSON.parse makes it)', () => {
  const values = JSON.parse('{"constructor": "C", "toString": "T"}') as Record<string, string>;
  expect(fillTemplate('{{constructor}} {{toString}}', values, false)).toBe('C T');
  const data = JSON.parse('{"constructor": "C"}') as Record<string, unknown>;
  expect(labelTitle(titledBy('constructor'), 'box', data, new Set(['constructor']))).toBe('C');
});
