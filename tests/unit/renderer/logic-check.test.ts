import { describe, expect, it } from 'vitest';
import type { CustomField } from '@schemas/custom-field';
import type { ProjectConfig } from '@schemas/project-config';
import { checkProjectConfig } from '@renderer/config-check';
import { checkFormLogic, factsOf, logicCycles } from '@renderer/logic-check';
import { demoConfig, L } from './fixtures';

const message = L('Not so');
const fields: CustomField[] = [
  { key: 'temp', type: 'number', label: L('Temperature') },
  {
    key: 'intact',
    type: 'singleSelect',
    label: L('Intact'),
    options: [
      { value: 'yes', label: L('Yes') },
      { value: 'no', label: L('No') },
    ],
  },
  { key: 'note', type: 'text', label: L('Note') },
];
const withRule = (rule: Partial<CustomField>): CustomField[] => [
  ...fields,
  { key: 'x', type: 'text', label: L('X'), ...rule } as CustomField,
];
const check = (rule: Partial<CustomField>) =>
  checkFormLogic(withRule(rule), '/f').map((p) => [p.pointer, p.key, p.message]);

describe('form logic checked at import and publish', () => {
  it('good rules pass', () => {
    expect(
      check({
        relevant: "temp > 8 or intact == 'no'",
        requiredIf: "selected(intact, 'no')",
        readOnlyIf: 'temp < 0',
        constraint: ". != '' and note != .",
        constraintMessage: message,
      }),
    ).toEqual([]);
  });

  it('names the pointer, the expression and the position of each mistake', () => {
    expect(check({ relevant: 'temp >' })).toEqual([
      ['/f/3/relevant', 'logicSyntax', "the rule 'temp >' cannot be read at position 6"],
    ]);
    expect(check({ requiredIf: 'ghost > 1' })).toEqual([
      [
        '/f/3/requiredIf',
        'logicUnknown',
        "the rule 'ghost > 1' uses 'ghost' at position 1, which is not a field of this form",
      ],
    ]);
    expect(check({ readOnlyIf: "temp == 'yes'" })).toEqual([
      ['/f/3/readOnlyIf', 'logicCompare', "the rule 'temp == 'yes'' compares a number with a text at position 1"],
    ]);
    expect(check({ constraint: '. + 1', constraintMessage: message })).toEqual([
      ['/f/3/constraint', 'logicWants', "the rule '. + 1' has a text at position 1 where a number is needed"],
    ]);
    expect(check({ constraint: 'temp + 1', constraintMessage: message })).toEqual([
      ['/f/3/constraint', 'logicWants', "the rule 'temp + 1' has a number at position 1 where a boolean is needed"],
    ]);
    expect(check({ relevant: '. == "a"' })).toEqual([
      [
        '/f/3/relevant',
        'logicSelf',
        "the rule '. == \"a\"' uses '.' at position 1: only a constraint may read its own field's value",
      ],
    ]);
    expect(check({ relevant: "intact == 'maybe'" })).toEqual([
      [
        '/f/3/relevant',
        'logicOption',
        "the rule 'intact == 'maybe'' names 'maybe' at position 11, which is not an option of 'intact'",
      ],
    ]);
  });

  it('a constraint and its message go together', () => {
    expect(check({ constraint: ". != 'a'" })).toEqual([
      [
        '/f/3/constraint',
        'constraintWithoutMessage',
        'a constraint needs a constraintMessage, which tells the user why the value is refused',
      ],
    ]);
    expect(check({ constraintMessage: message })).toEqual([
      ['/f/3/constraintMessage', 'constraintMessageAlone', 'a constraintMessage without a constraint is never shown'],
    ]);
  });

  it('finds each circle among relevance and calculations once', () => {
    const circle: CustomField[] = [
      { key: 'a', type: 'text', label: L('A'), relevant: "b == 'x'" },
      { key: 'b', type: 'text', label: L('B'), relevant: "c == 'x'" },
      { key: 'c', type: 'text', label: L('C'), relevant: "a == 'x'" },
      { key: 'd', type: 'text', label: L('D'), relevant: "a == 'x'" },
    ];
    expect(logicCycles(circle)).toEqual([['a', 'b', 'c', 'a']]);
    expect(checkFormLogic(circle, '/f').map((p) => [p.pointer, p.message])).toEqual([
      ['/f/0/relevant', "these fields' rules and formulas depend on each other in a circle: a -> b -> c -> a"],
    ]);
    const self: CustomField[] = [{ key: 'a', type: 'text', label: L('A'), relevant: "a == 'x'" }];
    expect(logicCycles(self)).toEqual([['a', 'a']]);
    const calculated: CustomField[] = [
      { key: 'n', type: 'number', label: L('N'), relevant: 'total > 1' },
      { key: 'total', type: 'calculation', label: L('Total'), formula: 'n * 2' },
    ];
    expect(logicCycles(calculated)).toEqual([['n', 'total', 'n']]);
    expect(checkFormLogic(calculated, '/f').map((p) => p.pointer)).toEqual(['/f/0/relevant']);
    const fromFormula: CustomField[] = [
      { key: 'total', type: 'calculation', label: L('Total'), formula: 'n * 2' },
      { key: 'n', type: 'number', label: L('N'), relevant: 'total > 1' },
    ];
    expect(checkFormLogic(fromFormula, '/f').map((p) => p.pointer)).toEqual(['/f/0/formula']);
    // No circle: a formula over itself (said as formulaSelf), one that does not parse, a rule that does not parse.
    expect(
      logicCycles([
        { key: 'total', type: 'calculation', label: L('Total'), formula: 'total * 2' },
        { key: 'bad', type: 'calculation', label: L('Bad'), formula: 'x +' },
        { key: 'r', type: 'text', label: L('R'), relevant: 'r >' },
        { key: 's', type: 'text', label: L('S'), relevant: "ghost == 'a'" },
      ]),
    ).toEqual([]);
    expect(logicCycles(fields)).toEqual([]);
  });

  it("the facts of a form: types and a select's options", () => {
    expect([...factsOf(fields)]).toEqual([
      ['temp', { type: 'number', options: undefined }],
      ['intact', { type: 'singleSelect', options: fields[1] && 'options' in fields[1] ? fields[1].options : [] }],
      ['note', { type: 'text', options: undefined }],
    ]);
  });

  it('in the project check, at the field of its form', () => {
    const config = demoConfig() as ProjectConfig;
    const receiving = config.barcodeTypes.pallet!.trackPoints.find((t) => t.key === 'distributionCentre')!
      .trackPointForms[0]!;
    const index = receiving.customFields.findIndex((f) => f.key === 'coldChainIntact');
    (receiving.customFields[index] as CustomField).relevant = 'receivedTemperature > "8"';
    const pointer = `/barcodeTypes/pallet/trackPoints/${config.barcodeTypes.pallet!.trackPoints.findIndex((t) => t.key === 'distributionCentre')}/trackPointForms/0/customFields/${index}/relevant`;
    expect(checkProjectConfig(config).map((p) => [p.pointer, p.key])).toEqual([[pointer, 'logicCompare']]);
  });
});
