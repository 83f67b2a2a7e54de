/**
 * QA: `npm run validate -- <config.json> [--data <dir>] [--out <dir>]`
 *
 * 1. checks the configuration against the format (every problem with its JSON pointer);
 * 2. compiles every form (activation per barcode type, each trackpoint form) and checks that
 *    ajv accepts each compiled schema;
 * 3. with --data, validates each sample form-data file against its form;
 * 4. with --out, writes each compiled schema and UI schema for review.
 * Exits 1 when anything failed.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledForm } from '../renderer';
import { qaCheck } from '../renderer/config-check';
import { validateFormData } from '../renderer/validate';

const ERROR_TEXT = JSON.parse(readFileSync(new URL('../locales/en/errors.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;
const describeCodes = (codes: number[]) => codes.map((c) => `${c} ${ERROR_TEXT[String(c)] ?? ''}`.trim()).join('; ');

/** A sample form-data file: which form it fills, the data, and whether it should pass. */
interface Sample {
  barcodeType: string;
  form: string;
  loggedIn?: boolean;
  expect?: 'valid' | 'invalid';
  data: unknown;
}

export function runValidate(argv: string[], print: (line: string) => void): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { data: { type: 'string' }, out: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) {
    print('usage: npm run validate -- <config.json> [--data <dir>] [--out <dir>]');
    return 2;
  }
  let failures = 0;
  const fail = (line: string) => {
    failures += 1;
    print(`FAIL ${line}`);
  };
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`${file}: not valid JSON: ${(error as Error).message}`);
    return 1;
  }
  const { problems, forms } = qaCheck(config);
  problems.forEach((p) => fail(`${file} ${p.pointer}: ${p.message}`));
  if (forms.length === 0) return 1;
  const compiled = new Map<string, CompiledForm>();
  for (const { form, user, visitor } of forms) {
    compiled.set(`${form.barcodeType} ${form.form} true`, user);
    compiled.set(`${form.barcodeType} ${form.form} false`, visitor);
    if (values.out) {
      const dir = join(values.out, form.barcodeType);
      mkdirSync(dir, { recursive: true });
      const name = form.form.replace(/\//g, '.');
      writeFileSync(join(dir, `${name}.schema.json`), `${JSON.stringify(user.schema, null, 2)}\n`);
      writeFileSync(join(dir, `${name}.ui.json`), `${JSON.stringify(user.uiSchema, null, 2)}\n`);
    }
    print(`ok   ${form.barcodeType} ${form.form}: ${form.fields.length} fields`);
  }
  if (values.data) {
    for (const name of readdirSync(values.data)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const path = join(values.data, name);
      const sample = JSON.parse(readFileSync(path, 'utf8')) as Sample;
      const form = compiled.get(`${sample.barcodeType} ${sample.form} ${sample.loggedIn ?? true}`);
      if (!form) {
        fail(`${name}: no form '${sample.form}' in barcode type '${sample.barcodeType}'`);
        continue;
      }
      const { errors } = validateFormData(form, sample.data);
      const invalid = Object.keys(errors).length > 0;
      const expected = sample.expect ?? 'valid';
      if (invalid && expected === 'valid') {
        for (const [field, codes] of Object.entries(errors))
          fail(`${name} (${sample.barcodeType} ${sample.form}) /data/${field}: ${describeCodes(codes)}`);
      } else if (!invalid && expected === 'invalid') {
        fail(`${name} (${sample.barcodeType} ${sample.form}): expected to be refused, but the data is valid`);
      } else {
        print(
          `ok   ${name}: ${expected}${
            invalid
              ? ` (${Object.entries(errors)
                  .map(([f, c]) => `/data/${f}: ${describeCodes(c)}`)
                  .join('; ')})`
              : ''
          }`,
        );
      }
    }
  }
  print(failures === 0 ? 'all checks passed' : `${failures} failed`);
  return failures === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = runValidate(process.argv.slice(2), (line) => console.log(line));
}
