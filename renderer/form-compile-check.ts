import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { ProjectConfig } from '@schemas/project-config';
import { ownValue } from '@schemas/own-keys';
import { compileForm, type FormSource } from './compile-form';
import { formsOf } from './forms';
import { problem, type ConfigProblem } from './problems';

// The options of the server's form validation (validate.ts), so what compiles here compiles there.
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv, { keywords: true });

/** Why ajv refuses a schema, or null when it compiles. The schema is not kept: a configuration is checked again on every edit. */
function compileError(schema: object): string | null {
  const copy = { ...schema, $id: undefined };
  try {
    ajv.compile(copy);
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    ajv.removeSchema(copy);
  }
}

/**
 * Every form of every barcode type, as a user and as a visitor sees it, must compile to a
 * schema ajv accepts: otherwise every activation or tracking with that form would fail. A
 * failing form is reported at the field that breaks it (e.g. a mask whose compiled pattern is
 * not a valid regular expression), or at the form's field list.
 */
export function checkFormsCompile(config: ProjectConfig): ConfigProblem[] {
  const source: FormSource = { code: 'check', version: 1, barcodeTypes: config.barcodeTypes };
  const problems: ConfigProblem[] = [];
  for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
    for (const form of formsOf(typeKey, type)) {
      for (const loggedIn of [true, false]) {
        const compiled = compileForm(source, form.ref, { language: 'en', loggedIn });
        const detail = compileError(compiled.schema);
        if (detail === null) continue;
        const culprit = form.fields.findIndex((field) => {
          const property = ownValue(compiled.schema.properties, field.key);
          return (
            property !== undefined && compileError({ type: 'object', properties: { [field.key]: property } }) !== null
          );
        });
        problems.push(
          problem(culprit >= 0 ? `${form.pointer}/${culprit}` : form.pointer, 'formDoesNotCompile', { detail }),
        );
        break;
      }
    }
  }
  return problems;
}
