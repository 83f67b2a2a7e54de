import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, proved: each zone refuses an import that would
 * break the one-way flow schemas -> renderer -> {server, field-widgets} -> src, and accepts the
 * imports it is made for. The code is linted as if it were a file of that folder.
 */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('lint zones', () => {
  it.each([
    ['renderer/zone-probe.ts', "import { useState } from 'react';\nexport const x = useState;", /renderer is pure/],
    ['renderer/zone-probe.ts', "import { api } from '@/shared/api';\nexport const x = api;", /renderer is pure/],
    [
      'renderer/zone-probe.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;",
      /never the client, the widgets or the server/,
    ],
    [
      'renderer/zone-probe.ts',
      "import { widgetFor } from '../field-widgets/registry';\nexport const x = widgetFor;",
      /never the client, the widgets or the server/,
    ],
    [
      'field-widgets/zone-probe.ts',
      "import { readStored } from '@/shared/storage/storage';\nexport const x = readStored;",
      /through the form context/,
    ],
    [
      'field-widgets/zone-probe.ts',
      "import { compile } from '@renderer/compile';\nexport const x = compile;",
      /public entries/,
    ],
    [
      'src/shared/zone-probe.ts',
      "import { maskToPattern } from '@renderer/field-types/text';\nexport const x = maskToPattern;",
      /public entries/,
    ],
    [
      'src/features/home/zone-probe.ts',
      "import { compile } from '@renderer/compile';\nexport const x = compile;",
      /public entries/,
    ],
    [
      'server/zone-probe.ts',
      "import { compile } from '../renderer/compile';\nexport const x = compile;",
      /public entries/,
    ],
    [
      'server/zone-probe.ts',
      "import { widgetFor } from '../field-widgets/registry';\nexport const x = widgetFor;",
      /never import the client or its widgets/,
    ],
    [
      'server/zone-probe.ts',
      "import { api } from '../src/shared/api';\nexport const x = api;",
      /never import the client or its widgets/,
    ],
    [
      'server/rules/zone-probe.ts',
      "import { findBarcode } from '../repositories/barcodes';\nexport const x = findBarcode;",
      /plain synchronous functions/,
    ],
    [
      'server/rules/zone-probe.ts',
      "import Fastify from 'fastify';\nexport const x = Fastify;",
      /plain synchronous functions/,
    ],
    [
      'server/repositories/zone-probe.ts',
      "import { nextTrackPoint } from '../rules/tracking';\nexport const x = nextTrackPoint;",
      /no rules, services, routes or fastify/,
    ],
    [
      'server/routes/zone-probe.ts',
      "import { findBarcode } from '../repositories/barcodes';\nexport const x = findBarcode;",
      /through services, never directly/,
    ],
    [
      'server/routes/zone-probe.ts',
      "import { api } from '../../src/shared/api';\nexport const x = api;",
      /never import the client or its widgets/,
    ],
    [
      'server/rows/zone-probe.ts',
      "import { findBarcode } from '../repositories/barcodes';\nexport const x = findBarcode;",
      /schemas' types only/,
    ],
    ['gs1/zone-probe.ts', "import { useState } from 'react';\nexport const x = useState;", /gs1\/ is pure/],
    [
      'gs1/zone-probe.ts',
      "import { compileForm } from '../renderer';\nexport const x = compileForm;",
      /gs1\/ imports its own files only/,
    ],
    [
      'gs1/zone-probe.ts',
      "import { buildApp } from '../server/app';\nexport const x = buildApp;",
      /gs1\/ imports its own files only/,
    ],
  ])('%s refuses: %s', async (file, code, message) => {
    const messages = await restrictedImports(file, code);
    expect(messages).toContainEqual(expect.stringMatching(message));
  });

  it.each([
    [
      'renderer/zone-probe.ts',
      "import { ErrorCode } from '@schemas/error-codes';\nimport { compile } from './compile';\nexport const x = [ErrorCode, compile];",
    ],
    [
      'field-widgets/zone-probe.ts',
      "import { compileForm } from '@renderer';\nimport { Button } from '@mantine/core';\nexport const x = [compileForm, Button];",
    ],
    [
      'src/shared/zone-probe.ts',
      "import { compileForm } from '@renderer';\nexport const load = () => [compileForm, import('@renderer/calculations')];",
    ],
    [
      'server/zone-probe.ts',
      "import { compileForm } from '../renderer';\nimport { validateFormData } from '../renderer/validate';\nexport const x = [compileForm, validateFormData];",
    ],
    [
      'server/rules/zone-probe.ts',
      "import { ErrorCode } from '../../schemas/error-codes';\nimport { compileForm } from '../../renderer';\nimport { ApiFailure } from './api-failure';\nexport const x = [ErrorCode, compileForm, ApiFailure];",
    ],
    [
      'server/rules/zone-probe.ts',
      "import type { LocationRow } from '../rows/locations';\nexport type X = LocationRow;",
    ],
    [
      'server/rows/zone-probe.ts',
      "import type { LocalizedText } from '../../schemas/common';\nexport type X = LocalizedText;",
    ],
    ['gs1/zone-probe.ts', "import { AI_TABLE } from './ai-table';\nexport const x = AI_TABLE;"],
    ['server/rules/zone-probe.ts', "import { parseGs1 } from '../../gs1';\nexport const x = parseGs1;"],
    ['src/features/scanning/zone-probe.ts', "import { parseGs1 } from '@gs1';\nexport const x = parseGs1;"],
  ])('%s accepts what it is made for', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });

  it("refuses React's lazy in the client (lazyWithStyles waits for the rest of Mantine's styles)", async () => {
    const [result] = await eslint.lintText(
      "import { lazy } from 'react';\nexport const X = lazy(() => import('./x'));",
      { filePath: 'src/app/zone-probe.tsx' },
    );
    expect(
      (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message),
    ).toContainEqual(expect.stringMatching(/lazyWithStyles/));
  });
}, 120_000);
