/** The four interface languages. Plain values: the client imports this at run time. */
export const LANGUAGES = ['en', 'ja', 'zh-TW', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Picks the interface language from the browser's list: Japanese, Traditional Chinese (zh-TW,
 * zh-HK, zh-MO, zh-Hant), Simplified Chinese (zh, zh-CN, zh-SG, zh-Hans), else English.
 *
 * Self-contained (no imports at run time): the build also inlines its source into index.html, so
 * the page starts fetching this language's strings while the app's code downloads.
 */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'ja' || lower.startsWith('ja-')) return 'ja';
    if (lower.startsWith('zh')) {
      return /^zh-(tw|hk|mo|hant)/.test(lower) ? 'zh-TW' : 'zh-CN';
    }
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** A text in the four languages, in the order of LANGUAGES (a LocalizedText of schemas/common.ts). */
export const localized = (en: string, ja: string, zhTW: string, zhCN: string): Record<Language, string> => ({
  en,
  ja,
  'zh-TW': zhTW,
  'zh-CN': zhCN,
});
