import { describe, expect, it } from 'vitest';
import type { ProjectConfig } from '@schemas/project-config';
import { checkRelations } from '@renderer/relations-check';
import { demoConfig } from './fixtures';

/**
 * Parents, children and links (docs/admins/configuration.md): the rules JSON Schema cannot say.
 * The demo's pallet takes cases as children and may be linked; cases and loggers take no children;
 * all three have the trackpoints manufacturer, distributionCentre, carrier, pharmacy.
 */
type Config = ProjectConfig;
type Type = Config['barcodeTypes'][string];
type Rules = Pick<Type['trackPoints'][number], 'pairing' | 'unpairing' | 'linking'>;

const checked = (edit: (config: Config) => void) => {
  const config = demoConfig();
  edit(config);
  return checkRelations(config);
};
const type = (c: Config, key: string): Type => c.barcodeTypes[key]!;
/** Sets the rules of a type's trackpoint (by position), replacing those it had. */
const rules = (c: Config, key: string, point: number, set: Rules) => {
  const trackPoint = type(c, key).trackPoints[point]!;
  delete trackPoint.pairing;
  delete trackPoint.unpairing;
  delete trackPoint.linking;
  Object.assign(trackPoint, set);
};
const keepTrackPoints = (c: Config, key: string, ...keys: string[]) => {
  type(c, key).trackPoints = type(c, key).trackPoints.filter((p) => keys.includes(p.key));
};

describe('child types', () => {
  it('the demo configuration (a pallet of cases; cases and loggers take no children) has no problem', () => {
    expect(checked(() => undefined)).toEqual([]);
  });

  it('a child type that is not a barcode type of the project is named at its place in childTypes', () => {
    expect(
      checked((c) => {
        type(c, 'pallet').pairing!.childTypes = ['case', 'crate'];
      }),
    ).toEqual([
      {
        pointer: '/barcodeTypes/pallet/pairing/childTypes/1',
        key: 'unknownChildType',
        values: { type: 'crate' },
        message: "child type 'crate' is not a barcode type of this project",
      },
    ]);
  });

  it("a child type missing trackpoints of its parent names exactly the ones it lacks, in the parent's order", () => {
    expect(
      checked((c) => {
        keepTrackPoints(c, 'case', 'manufacturer', 'pharmacy');
      }),
    ).toEqual([
      {
        pointer: '/barcodeTypes/pallet/pairing/childTypes/0',
        key: 'childTypeTrackPoint',
        values: { type: 'case', keys: 'distributionCentre, carrier' },
        message:
          "child type 'case' lacks the trackpoints distributionCentre, carrier: children travel with their parent",
      },
    ]);
  });

  it('a child type missing one trackpoint names it alone', () => {
    expect(
      checked((c) => {
        type(c, 'pallet').pairing!.childTypes = ['logger', 'case'];
        keepTrackPoints(c, 'case', 'manufacturer', 'distributionCentre', 'pharmacy');
      }),
    ).toEqual([
      {
        pointer: '/barcodeTypes/pallet/pairing/childTypes/1',
        key: 'childTypeTrackPoint',
        values: { type: 'case', keys: 'carrier' },
        message: "child type 'case' lacks the trackpoints carrier: children travel with their parent",
      },
    ]);
  });

  it("a child type may have trackpoints its parent does not (the parent's are what count)", () => {
    expect(
      checked((c) => {
        keepTrackPoints(c, 'pallet', 'manufacturer', 'pharmacy');
      }),
    ).toEqual([]);
  });
});

describe('mandatory pairing, unpairing and linking at a trackpoint', () => {
  const unpairing = '/barcodeTypes/pallet/trackPoints/1/unpairing';

  it('mandatory pairing and mandatory unpairing at one trackpoint contradict: a parent could never leave it', () => {
    expect(
      checked((c) => {
        rules(c, 'pallet', 1, { pairing: 'mandatory', unpairing: 'mandatory' });
      }),
    ).toEqual([
      {
        pointer: unpairing,
        key: 'mandatoryContradiction',
        values: {},
        message: 'pairing and unpairing cannot both be mandatory at one trackpoint: a parent could never leave it',
      },
    ]);
  });

  it('mandatory pairing at one trackpoint and mandatory unpairing at another are fine; so is mandatory linking of a linkable type', () => {
    expect(
      checked((c) => {
        rules(c, 'pallet', 0, { pairing: 'mandatory', unpairing: 'allowed' });
        rules(c, 'pallet', 1, { pairing: 'prohibited', unpairing: 'prohibited', linking: 'mandatory' });
        rules(c, 'pallet', 3, { pairing: 'allowed', unpairing: 'mandatory' });
        rules(c, 'case', 0, { linking: 'mandatory' });
      }),
    ).toEqual([]);
  });

  it('a type without pairing or linking may still allow or prohibit them at its trackpoints', () => {
    expect(
      checked((c) => {
        delete type(c, 'logger').linking;
        rules(c, 'logger', 0, { pairing: 'allowed', unpairing: 'allowed', linking: 'allowed' });
        rules(c, 'logger', 1, { pairing: 'prohibited', unpairing: 'prohibited', linking: 'prohibited' });
      }),
    ).toEqual([]);
  });

  it('mandatory pairing or unpairing in a type without pairing cannot apply, each named at its rule', () => {
    expect(
      checked((c) => {
        rules(c, 'case', 0, { pairing: 'mandatory' });
        rules(c, 'case', 2, { unpairing: 'mandatory', linking: 'prohibited' });
      }),
    ).toEqual([
      {
        pointer: '/barcodeTypes/case/trackPoints/0/pairing',
        key: 'mandatoryUnusable',
        values: { rule: 'pairing', needs: 'pairing' },
        message: "pairing cannot be mandatory here: the barcode type has no 'pairing' setting",
      },
      {
        pointer: '/barcodeTypes/case/trackPoints/2/unpairing',
        key: 'mandatoryUnusable',
        values: { rule: 'unpairing', needs: 'pairing' },
        message: "unpairing cannot be mandatory here: the barcode type has no 'pairing' setting",
      },
    ]);
  });

  it('mandatory linking in a type without linking cannot apply', () => {
    expect(
      checked((c) => {
        delete type(c, 'logger').linking;
        rules(c, 'logger', 3, { linking: 'mandatory' });
      }),
    ).toEqual([
      {
        pointer: '/barcodeTypes/logger/trackPoints/3/linking',
        key: 'mandatoryUnusable',
        values: { rule: 'linking', needs: 'linking' },
        message: "linking cannot be mandatory here: the barcode type has no 'linking' setting",
      },
    ]);
  });

  it('both mandatory in a type without pairing: the contradiction, then each rule that cannot apply', () => {
    expect(
      checked((c) => {
        rules(c, 'case', 3, { pairing: 'mandatory', unpairing: 'mandatory' });
      }).map((p) => [p.pointer, p.key]),
    ).toEqual([
      ['/barcodeTypes/case/trackPoints/3/unpairing', 'mandatoryContradiction'],
      ['/barcodeTypes/case/trackPoints/3/pairing', 'mandatoryUnusable'],
      ['/barcodeTypes/case/trackPoints/3/unpairing', 'mandatoryUnusable'],
    ]);
  });
});
