// One lint setup for the whole repository, with the boundaries of docs/engineers/architecture.md. Data flows
// one way: schemas -> renderer -> {server, field-widgets} -> src. The renderer is pure (no React,
// no app, no server); widgets take what they need from the app through the form context, never
// from src/; outside the renderer only its public entries are imported; a feature imports shared
// code and itself, never another feature or the app; shared code imports no feature; the client
// imports the TypeBox schemas only as types (no schema library in the bundle); the server never
// imports client code. tests/build/lint-zones.test.ts proves each zone refuses what it should.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const schemaTypesOnly = {
  group: ['@schemas/api/*', '@schemas/project-config', '@schemas/common', 'typebox', 'typebox/*'],
  allowTypeImports: true,
  message:
    'The client imports TypeBox schemas as types only (import type): the schema library stays out of the bundle.',
};

const noServer = { group: ['**/server/**'], message: 'The client never imports server code.' };

/** Outside renderer/: its public entries only (renderer/index.ts and the three heavy entries it names). */
const rendererEntriesOnly = {
  regex: '(^@renderer/|(^|/)renderer/)(?!(validate|config-check|calculations)$)',
  message:
    'Import the renderer through its public entries: @renderer (compileForm, field types, messages), @renderer/validate, @renderer/config-check or @renderer/calculations.',
};

/** Server and tooling never import the client or its widgets: the renderer is what they share. */
const noClient = {
  regex: '^@/|^@widgets/|(^|/)(src|field-widgets)/',
  message: 'Server and tooling code never import the client or its widgets (the renderer is what they share).',
};

const restrict = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      '.e2e-logs/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'field-widgets/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(schemaTypesOnly, noServer, rendererEntriesOnly) },
  },
  {
    // The client's lazy components load with the rest of Mantine's styles (scripts/mantine-styles.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/ui/styles.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='react'] > ImportSpecifier[imported.name='lazy']",
          message:
            "Use lazyWithStyles (src/shared/ui/styles.ts), not React's lazy: a lazy component waits for the rest of Mantine's styles, or draws unstyled.",
        },
      ],
    },
  },
  {
    // Widgets: the renderer's public entry, React, Mantine, i18n; what they need from the app
    // (storage, API, dialogs) comes through the form context.
    files: ['field-widgets/**/*.{ts,tsx}'],
    rules: restrict(schemaTypesOnly, noServer, rendererEntriesOnly, {
      group: ['@/*', '@/**', '**/src/**'],
      message:
        'A widget takes what it needs from the app through the form context (field-widgets/types.ts FormContext), never from src/.',
    }),
  },
  {
    // The renderer is pure TypeScript shared by client and server: no React, no DOM, no UI, no
    // app, no server. It uses the schemas as values (it is loaded lazily where it needs ajv; the
    // bundle test keeps ajv out of the first load) and the English configuration messages.
    files: ['renderer/**/*.ts'],
    rules: restrict(
      {
        group: [
          'react',
          'react-*',
          'react/*',
          '@mantine/*',
          '@rjsf/*',
          'i18next',
          'swr',
          'redaxios',
          '@/*',
          '@/**',
          '@widgets/*',
          '@renderer',
          '@renderer/*',
        ],
        message: 'The renderer is pure: no React, no UI, no app code; inside it, import its files relatively.',
      },
      {
        regex: '(^|/)(src|server|field-widgets)(/|$)',
        message:
          'The renderer imports schemas/ and its own libraries only: never the client, the widgets or the server.',
      },
    ),
  },
  {
    // gs1/ reads GS1 data (element strings, Digital Link URIs) for client and server alike: pure
    // TypeScript over its generated AI table, importing nothing but its own files.
    files: ['gs1/**/*.ts'],
    rules: restrict(
      {
        group: [
          'react',
          'react-*',
          'react/*',
          '@mantine/*',
          '@rjsf/*',
          'i18next',
          'swr',
          'redaxios',
          '@/*',
          '@/**',
          '@widgets/*',
          '@renderer',
          '@renderer/*',
          '@gs1',
          '@schemas/*',
        ],
        message: 'gs1/ is pure: no UI, no app code, no renderer; inside it, import its files relatively.',
      },
      {
        regex: '(^|/)(src|server|field-widgets|renderer|schemas)(/|$)',
        message: 'gs1/ imports its own files only: never the client, the widgets, the renderer or the server.',
      },
    ),
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: restrict(schemaTypesOnly, noServer, rendererEntriesOnly, {
      group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
      message: 'Shared code imports no feature and not the app.',
    }),
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict(schemaTypesOnly, noServer, rendererEntriesOnly, {
      group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/**', '../../*'],
      message: `Feature '${feature}' imports shared code and itself only: compose features in src/app.`,
    }),
  })),
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{ts,mjs}',
      'bench/**/*.ts',
      'tests/server/**/*.ts',
      'tests/build/**/*.ts',
      'e2e/**/*.ts',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
    rules: restrict(noClient),
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts'],
    rules: restrict(noClient, rendererEntriesOnly),
  },
  // Server layers (docs/engineers/architecture.md): rules decide without I/O, repositories hold the SQL and decide nothing,
  // routes adapt HTTP to the services. A later block replaces a rule's options, so each zone says again that server
  // code never imports the client and reaches the renderer through its entries.
  ...[
    {
      files: ['server/rules/**/*.ts'],
      patterns: [
        {
          regex: '^(?!\\./|\\.\\./rows/|(\\.\\./\\.\\./|@)(schemas|renderer|gs1)(/|$))',
          message:
            'Business rules are plain synchronous functions: they import schemas/, renderer/, gs1/, the row types of server/rows/ and other rules only (no db, repositories, infra, fastify).',
        },
      ],
    },
    {
      // The rows rules and repositories share: declarations only, over the schemas' types.
      files: ['server/rows/**/*.ts'],
      patterns: [
        {
          regex: '^(?!\\./|(\\.\\./\\.\\./)schemas(/|$))',
          allowTypeImports: false,
          message: "Row types are declarations shared by rules and repositories: they import the schemas' types only.",
        },
      ],
    },
    {
      files: ['server/repositories/**/*.ts'],
      patterns: [
        {
          regex: '(^|/)(rules|services|routes|plugins)(/|$)|^fastify$|^@fastify/',
          message: 'Repositories run SQL and return rows: no rules, services, routes or fastify.',
        },
      ],
    },
    {
      files: ['server/routes/**/*.ts'],
      patterns: [
        {
          regex: '(^|/)(repositories|db)(/|$)',
          message: 'Routes are thin adapters: they reach the database through services, never directly.',
        },
        {
          regex: '(^|/)(infra|rules)(/|$)',
          allowTypeImports: true,
          message: 'Routes call services and plugins; infrastructure and rules stay behind them (types aside).',
        },
      ],
    },
  ].map(({ files, patterns }) => ({
    files,
    rules: restrict(noClient, rendererEntriesOnly, ...patterns),
  })),
);
