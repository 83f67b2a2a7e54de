// Benchmark page (not part of the app): draws a large form either with the product's
// ConfiguredForm (mode `rules`: the same form with form logic) or with plain @rjsf/core (default
// theme, live validation) on the same schema (or as many bare inputs: what any form costs at
// least in this browser),
// and records first render and keystroke-to-paint times for bench/client/forms.ts.
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import '@mantine/core/styles.css';
import PlainForm from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { CustomField } from '../../../schemas/custom-field';
import { compileForm, formSourceOfFields } from '../../../renderer';
import { ConfiguredForm } from '../../../src/shared/forms/configured-form';
import { initI18n } from '../../../src/shared/i18n/i18n';
import type { FormContext } from '../../../field-widgets/types';

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'configured';
const count = Number(params.get('n') ?? 200);
const L = (en: string) => ({ en, ja: en, 'zh-TW': en, 'zh-CN': en });

/**
 * Form logic for mode `rules`: on every other field but the typed one and the calculation, one
 * rule in turn relevant, requiredIf and constraint (half the fields of a 200-field form), each
 * reading the typed field and another input, so every change of it evaluates them all. They hold
 * for what the bench types, so the same fields are drawn as without them: the difference is the
 * rules' own cost.
 */
function ruleOf(i: number, n: number): Partial<CustomField> {
  const typed = `f${Math.floor(n / 2) + 1}`;
  if (mode !== 'rules' || i % 2 !== 0 || i === n - 1) return {};
  const kind = (i / 2) % 3;
  if (kind === 0) return { relevant: `${typed} != 'never typed' or f3 > 5` };
  if (kind === 1) return { requiredIf: `${typed} == 'never typed' and f7 == 'a'` };
  return { constraint: `${typed} != 'never typed' or f13 > 1`, constraintMessage: L('Not accepted') };
}

/** Mostly typed fields (text and numbers), with selects and a calculation, as real forms are. */
function benchFields(n: number): CustomField[] {
  return Array.from({ length: n }, (_, i): CustomField => {
    const base = { key: `f${i}`, label: L(`Field ${i}`), required: i % 5 === 0, ...ruleOf(i, n) };
    if (i % 10 === 3) return { ...base, type: 'number', min: 0, max: 1000, precision: 1 };
    if (i % 10 === 7)
      return {
        ...base,
        type: 'singleSelect',
        options: [
          { value: 'a', label: L('A') },
          { value: 'b', label: L('B') },
        ],
      };
    if (i === n - 1) return { ...base, type: 'calculation', formula: 'f3 * 2' };
    return { ...base, type: 'text', maxLength: 40 };
  });
}

const context: FormContext = {
  language: 'en',
  stage: 'activation',
  phoneSuggestions: [],
  emailSuggestions: [],
  uploadFile: async () => '',
  deleteFile: async () => undefined,
};
const compiled = compileForm(
  formSourceOfFields(benchFields(count), 'bench'),
  { form: 'activation', barcodeType: 't', stage: 'activation' },
  { language: 'en', loggedIn: true },
);

declare global {
  interface Window {
    benchResult: { firstRenderMs?: number; allFieldsMs?: number; keystrokes: number[] };
  }
}
window.benchResult = { keystrokes: [] };

document.addEventListener(
  'keydown',
  (event) => {
    // Keystroke-to-paint: from the event to the next animation frame after React has committed.
    // (Measured instead to just after that frame's paint, with a message task, the figures are
    // dominated by producing the frame: 200 bare inputs then take longer than the form.)
    requestAnimationFrame(() => window.benchResult.keystrokes.push(performance.now() - event.timeStamp));
  },
  true,
);

function Bench() {
  const [data, setData] = useState<Record<string, unknown>>({});
  useEffect(() => {
    requestAnimationFrame(() => {
      window.benchResult.firstRenderMs = performance.now() - started;
    });
  }, []);
  if (mode === 'bare') {
    // The floor: the same number of bare inputs, no React or form work per key.
    return (
      <form>
        {Array.from({ length: count }, (_, i) => (
          <p key={i}>
            <label htmlFor={`root_f${i}`}>Field {i}</label>
            <input id={`root_f${i}`} maxLength={40} />
          </p>
        ))}
      </form>
    );
  }
  if (mode === 'plain') {
    const schema = { ...compiled.schema, $id: undefined } as RJSFSchema;
    return (
      <PlainForm
        schema={schema}
        validator={validator}
        formData={data}
        onChange={(e) => setData(e.formData as Record<string, unknown>)}
        liveValidate
      />
    );
  }
  return (
    <ConfiguredForm form={compiled} formData={data} onChange={setData} onSubmit={() => undefined} context={context}>
      <button type="submit">Submit</button>
    </ConfiguredForm>
  );
}

let started = 0;
// All fields drawn: the moment the last field's input exists.
new MutationObserver((_records, observer) => {
  if (document.getElementById(`root_f${count - 1}`) || document.getElementById(`root_f${count - 2}`)) {
    window.benchResult.allFieldsMs = performance.now() - started;
    observer.disconnect();
  }
}).observe(document.body, { childList: true, subtree: true });
void initI18n(['en']).then(() => {
  started = performance.now();
  // The provider sits above the form, as in the app (a provider re-rendered per keystroke would re-render every input).
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <MantineProvider>
        <Bench />
      </MantineProvider>
    </StrictMode>,
  );
});
