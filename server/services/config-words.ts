import en from '../../locales/en/config-diff.json';
import ja from '../../locales/ja/config-diff.json';
import zhCN from '../../locales/zh-CN/config-diff.json';
import zhTW from '../../locales/zh-TW/config-diff.json';
import type { Language } from '../../schemas/languages';
import type { DiffMessages } from '../rules/config-compat';

/** The compatibility report's sentences per language (locales/<lang>/config-diff.json). */
export const DIFF_MESSAGES: Record<Language, DiffMessages> = { en, ja, 'zh-TW': zhTW, 'zh-CN': zhCN };
