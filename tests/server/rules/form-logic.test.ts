import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../../schemas/custom-field';
import { ErrorCode } from '../../../schemas/error-codes';
import { validatedActivationFields } from '../../../server/rules/activation';
import { ApiFailure, constraintMessages } from '../../../server/rules/api-failure';
import { validatedTrackPointForms } from '../../../server/rules/tracking';
import { BOX, CONFIG, label, PROJECT, trackPoint } from './fixtures';

/** Form logic as the server's rules apply it: codes by field name and each failed constraint's message beside them. */
const TOO_WARM = { en: 'Too warm', ja: '暖かすぎます', 'zh-TW': '太熱', 'zh-CN': '太热' };
const fields: CustomField[] = [
  { type: 'number', key: 'temp', label: label('Temperature'), constraint: '. <= 8', constraintMessage: TOO_WARM },
  { type: 'text', key: 'reason', label: label('Reason'), required: true, relevant: 'temp > 8' },
];
const point = trackPoint('hub', {
  trackPointForms: [
    { key: 'receiving', customFields: fields },
    { key: 'check', customFields: [{ ...fields[0]!, key: 'again' } as CustomField] },
  ],
});
// Another code: compiled forms are cached by project code and version.
const project = {
  ...PROJECT,
  code: 'form-logic',
  config: {
    ...CONFIG,
    barcodeTypes: { box: { ...BOX, activationFields: fields, trackPoints: [BOX.trackPoints[0]!, point] } },
  },
};
const ID = 'AAAAAAAAAAAA';

function failure(run: () => unknown): { status: number; errors: unknown; extra: unknown } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    return { status: error.status, errors: error.errors, extra: error.extra };
  }
  throw new Error('accepted');
}

describe('form logic in the server rules', () => {
  it('names each failed constraint message as its error is named, or nothing', () => {
    expect(constraintMessages({ temp: TOO_WARM }, (key) => `forms.r.${key}`)).toEqual({
      messages: { 'forms.r.temp': TOO_WARM },
    });
    expect(constraintMessages({}, (key) => key)).toEqual({});
    expect(constraintMessages(undefined, (key) => key)).toEqual({});
  });

  it('tracking: the message of each form beside its codes', () => {
    expect(failure(() => validatedTrackPointForms(project, 'box', point, { receiving: { temp: 9 } }, ID))).toEqual({
      status: 400,
      errors: { 'forms.receiving.temp': [ErrorCode.invalidFormat], 'forms.receiving.reason': [ErrorCode.emptyField] },
      extra: { messages: { 'forms.receiving.temp': TOO_WARM } },
    });
    expect(
      failure(() =>
        validatedTrackPointForms(
          project,
          'box',
          point,
          { receiving: { temp: 9, reason: 'x' }, check: { again: 10 } },
          ID,
        ),
      ),
    ).toEqual({
      status: 400,
      errors: { 'forms.receiving.temp': [ErrorCode.invalidFormat], 'forms.check.again': [ErrorCode.invalidFormat] },
      extra: { messages: { 'forms.receiving.temp': TOO_WARM, 'forms.check.again': TOO_WARM } },
    });
    expect(
      failure(() => validatedTrackPointForms(project, 'box', point, { receiving: { temp: 5, reason: 'x' } }, ID)),
    ).toEqual({
      status: 400,
      errors: { 'forms.receiving.reason': [ErrorCode.invalidKey] },
      extra: {},
    });
    expect(
      validatedTrackPointForms(project, 'box', point, { receiving: { temp: 5 }, check: { again: 8 } }, ID),
    ).toEqual({
      receiving: { temp: 5 },
      check: { again: 8 },
    });
  });

  it('activation: the same, under customFields', () => {
    expect(failure(() => validatedActivationFields(project, 'box', { temp: 9 }, 'activation', ID))).toEqual({
      status: 400,
      errors: { 'customFields.temp': [ErrorCode.invalidFormat], 'customFields.reason': [ErrorCode.emptyField] },
      extra: { messages: { 'customFields.temp': TOO_WARM } },
    });
    expect(
      failure(() => validatedActivationFields(project, 'box', { temp: 1, reason: 'x' }, 'activation', ID)),
    ).toEqual({
      status: 400,
      errors: { 'customFields.reason': [ErrorCode.invalidKey] },
      extra: {},
    });
    expect(validatedActivationFields(project, 'box', { temp: 1 }, 'edit', ID)).toEqual({ temp: 1 });
  });
});
