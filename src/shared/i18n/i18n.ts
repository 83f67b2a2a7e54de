import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, LANGUAGES, type Language } from '@schemas/languages';

export { detectLanguage };

/**
 * The namespaces this backend loads. (The pairing, bulk and scanned-list strings load with the
 * screens that use them: src/shared/i18n/lazy-strings.ts; the first load does not list their files.)
 */
type Namespace = 'common' | 'errors' | 'config' | 'forms' | 'barcode';

/** Each language's files are separate chunks: a phone downloads only its own language. */
const loaders: Record<Language, Record<Namespace, () => Promise<{ default: object }>>> = {
  en: {
    common: () => import('@locales/en/common.json'),
    errors: () => import('@locales/en/errors.json'),
    config: () => import('@locales/en/config.json'),
    forms: () => import('@locales/en/forms.json'),
    barcode: () => import('@locales/en/barcode.json'),
  },
  ja: {
    common: () => import('@locales/ja/common.json'),
    errors: () => import('@locales/ja/errors.json'),
    config: () => import('@locales/ja/config.json'),
    forms: () => import('@locales/ja/forms.json'),
    barcode: () => import('@locales/ja/barcode.json'),
  },
  'zh-TW': {
    common: () => import('@locales/zh-TW/common.json'),
    errors: () => import('@locales/zh-TW/errors.json'),
    config: () => import('@locales/zh-TW/config.json'),
    forms: () => import('@locales/zh-TW/forms.json'),
    barcode: () => import('@locales/zh-TW/barcode.json'),
  },
  'zh-CN': {
    common: () => import('@locales/zh-CN/common.json'),
    errors: () => import('@locales/zh-CN/errors.json'),
    config: () => import('@locales/zh-CN/config.json'),
    forms: () => import('@locales/zh-CN/forms.json'),
    barcode: () => import('@locales/zh-CN/barcode.json'),
  },
};

const backend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = loaders[language as Language]?.[namespace as Namespace];
    if (!load) return callback(new Error(`no ${namespace} for ${language}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Initialises i18next with the browser's language; resolves once its strings are loaded. */
export async function initI18n(
  preferred: readonly string[] = navigator.languages ?? [navigator.language],
): Promise<typeof i18next> {
  const lng = detectLanguage(preferred);
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      // Every key exists in every language (tests/unit/i18n-keys.test.ts), so no fallback download.
      fallbackLng: false,
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
  document.documentElement.lang = lng;
  return i18next;
}
