import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { NameText } from '@schemas/common';
import { ErrorCode } from '@schemas/error-codes';
import { NAME_TEXT_PATTERN } from '@schemas/validation';
import { codeFor, errorsToCodes } from '@renderer/errors';

// The options the server validates bodies with (server/plugins/validation.ts).
const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile({
  type: 'object',
  properties: { name: NameText(50) },
  required: ['name'],
  additionalProperties: false,
});
const codesOf = (name: string) => (validate({ name }) ? {} : errorsToCodes(validate.errors ?? []));

describe('the code a name is refused with', () => {
  it('is controlCharacters for a line break, a control or an invisible format character', () => {
    for (const character of ['\n', '\r', '\u001b', '\u007f', '\u0085', '\u202e', '\u2067', '\u200f', '\ufeff'])
      expect(codesOf(`Ren${character}Ito`), JSON.stringify(character)).toEqual({
        name: [ErrorCode.controlCharacters],
      });
  });

  it('is invalidFormat for a name of white space only, and for any other pattern', () => {
    expect(codesOf('   ')).toEqual({ name: [ErrorCode.invalidFormat] });
    expect(codeFor({ keyword: 'pattern', params: { pattern: '^[0-9]+$' } })).toBe(ErrorCode.invalidFormat);
    expect(codeFor({ keyword: 'pattern', params: { pattern: NAME_TEXT_PATTERN } })).toBe(ErrorCode.controlCharacters);
  });

  it('is none for names in any script, with the joiners and selectors emoji and scripts need', () => {
    for (const name of ['Zoë Ðặng', '山田 太郎', 'می\u200cخواهم', '👩\u200d🔧 🇯🇵 ❤\ufe0f', 'O’Brien-Smith'])
      expect(codesOf(name), name).toEqual({});
  });
});
