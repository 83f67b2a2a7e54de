import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { ErrorCode } from '@schemas/error-codes';
import { ApiError } from '@/shared/api/errors';
import { initI18n } from '@/shared/i18n/i18n';
import { formFailure } from '@/shared/forms/form-failure';

beforeAll(async () => {
  await initI18n(['en']);
});

const t = () => i18next.t.bind(i18next);
const REMOVE = 'Remove line breaks and invisible control characters from this text.';

describe("an admin form's refused save", () => {
  it("puts each of the form's own fields' messages under it, and nothing else", () => {
    const refused = new ApiError('fields', 400, { organizationName: [ErrorCode.controlCharacters] });
    expect(formFailure(t(), refused, ['firstName', 'organizationName'])).toEqual({
      fields: { organizationName: REMOVE },
      other: null,
    });
  });

  it('words a field the form does not show, and a refusal of the whole request, in the text above the button', () => {
    const mixed = new ApiError('fields', 400, {
      firstName: [ErrorCode.controlCharacters, ErrorCode.lengthMoreThan],
      projectCode: [ErrorCode.invalidFormat],
    });
    const failure = formFailure(t(), mixed, ['firstName']);
    expect(failure.fields.firstName).toBe(`${REMOVE} ${i18next.t('1005', { ns: 'errors' })}`);
    // The message alone: a catalogue number means nothing to the admin reading it.
    expect(failure.other).toBe(i18next.t('1001', { ns: 'errors' }));
    expect(formFailure(t(), new ApiError('2102', 400, { code: [2102] }), ['code'])).toEqual({
      fields: {},
      other: i18next.t('2102', { ns: 'errors' }),
    });
    expect(formFailure(t(), new Error('offline'), ['code']).other).toBe(i18next.t('unknown', { ns: 'errors' }));
  });
});
