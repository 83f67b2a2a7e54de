/** The four interface languages (spec section 1). Plain values: the client imports this at run time. */
export const LANGUAGES = ['en', 'ja', 'zh-TW', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
