import { readFileSync } from 'node:fs';
import type { ProjectConfig } from '@schemas/project-config';
import type { CustomField } from '@schemas/custom-field';
import type { CompileContext } from '@renderer/compile';

export const L = (en: string) => ({ en, ja: `${en} (ja)`, 'zh-TW': `${en} (zh-TW)`, 'zh-CN': `${en} (zh-CN)` });

export const demoConfig = (): ProjectConfig =>
  JSON.parse(readFileSync('server/projects/demo@1.json', 'utf8')) as ProjectConfig;

export const context = (overrides: Partial<CompileContext> = {}): CompileContext => ({
  language: 'en',
  loggedIn: true,
  stage: 'activation',
  formId: { project: 'demo', version: 1, barcodeType: 'pallet', form: 'activation' },
  ...overrides,
});

export const text = (key: string, options: Partial<Extract<CustomField, { type: 'text' }>> = {}): CustomField =>
  ({ key, type: 'text', label: L(key), ...options }) as CustomField;
