import type { Language } from '../../schemas/languages';

/**
 * The texts of the messages the server itself writes, in the four interface languages. Route
 * notifications are not here: their subject and body are the project's own templates.
 */
const ONE_TIME_CODE: Record<Language, (project: string, code: string, minutes: number) => string> = {
  en: (project, code, minutes) => `${project}: your one-time code is ${code}. It expires in ${minutes} minutes.`,
  ja: (project, code, minutes) => `${project}: ワンタイムコードは ${code} です。有効期限は${minutes}分です。`,
  'zh-TW': (project, code, minutes) => `${project}：您的一次性驗證碼是 ${code}，${minutes} 分鐘內有效。`,
  'zh-CN': (project, code, minutes) => `${project}：您的一次性验证码是 ${code}，${minutes} 分钟内有效。`,
};

/** The SMS that carries a one-time code: the project's name first, so the reader knows where to type it. */
export const oneTimeCodeText = (language: Language, projectName: string, code: string, minutes: number): string =>
  ONE_TIME_CODE[language](projectName, code, minutes);
