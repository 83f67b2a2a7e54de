import { localized as text } from '@schemas/languages';
import type { CustomField, CustomFieldType } from '@schemas/custom-field';
import { FIELD_TYPE_NAMES } from '@renderer';
import { settingsFormOf } from './type-settings';

/**
 * The field builder's editing form, itself a configured form: a list of custom fields the
 * renderer compiles and the app's form draws like any trackpoint form, so the builder gets the
 * same widgets, validation, languages and accessibility as the phone's forms. What every type
 * has comes first; then the chosen type's own settings, generated from its schema
 * (`settingsFormOf`, model/type-settings.ts).
 */
const COMMON_FORM: CustomField[] = [
  {
    key: 'key',
    type: 'text',
    required: true,
    maxLength: 64,
    label: text('Key (letters, digits, _)', 'キー（英数字と _）', '鍵（字母、數字、_）', '键（字母、数字、_）'),
  },
  {
    key: 'type',
    type: 'singleSelect',
    required: true,
    label: text('Field type', '項目の型', '欄位類型', '字段类型'),
    options: FIELD_TYPE_NAMES.map((t) => ({ value: t, label: text(t, t, t, t) })),
  },
  {
    key: 'labelEn',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in English', '英語のラベル', '英文標籤', '英文标签'),
  },
  {
    key: 'labelJa',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in Japanese', '日本語のラベル', '日文標籤', '日文标签'),
  },
  {
    key: 'labelZhTw',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in Traditional Chinese', '繁体字中国語のラベル', '繁體中文標籤', '繁体中文标签'),
  },
  {
    key: 'labelZhCn',
    type: 'text',
    required: true,
    maxLength: 120,
    label: text('Label in Simplified Chinese', '簡体字中国語のラベル', '簡體中文標籤', '简体中文标签'),
  },
  {
    key: 'required',
    type: 'singleSelect',
    label: text('Required', '必須', '必填', '必填'),
    options: [
      { value: 'yes', label: text('Required', '必須', '必填', '必填') },
      { value: 'no', label: text('Optional', '任意', '選填', '选填') },
    ],
  },
  {
    key: 'visibility',
    type: 'singleSelect',
    label: text('Who sees it', '表示対象', '誰可看見', '谁可看见'),
    options: [
      { value: 'visible', label: text('Everyone', '全員', '所有人', '所有人') },
      {
        value: 'visibleWhenLoggedIn',
        label: text('Logged-in users', 'ログインユーザー', '已登入使用者', '已登录用户'),
      },
      { value: 'hidden', label: text('Nobody (kept)', '非表示（保持）', '不顯示（保留）', '不显示（保留）') },
    ],
  },
];

/** A select's options, asked as lines (a new option gets its English label in all four languages; the JSON editor writes each). */
const OPTIONS_FIELD: CustomField = {
  key: 'options',
  type: 'text',
  multiLine: true,
  required: true,
  maxLength: 2000,
  label: text(
    'Options (one per line: value=label)',
    '選択肢（1行に1つ：値=ラベル）',
    '選項（每行一個：值=標籤）',
    '选项（每行一个：值=标签）',
  ),
};

/** The builder's form for a field of this type (the common part alone while no type is chosen). */
export function builderFormFor(type: string | undefined): CustomField[] {
  if (!type || !(FIELD_TYPE_NAMES as string[]).includes(type)) return COMMON_FORM;
  const fieldType = type as CustomFieldType;
  return [
    ...COMMON_FORM,
    ...(fieldType === 'singleSelect' || fieldType === 'multiSelect' ? [OPTIONS_FIELD] : []),
    ...settingsFormOf(fieldType),
  ];
}

/** The structure builder's add forms (a barcode type, a trackpoint): a key and a name in the four languages. */
export const NAMED_FORM: CustomField[] = COMMON_FORM.filter((f) =>
  ['key', 'labelEn', 'labelJa', 'labelZhTw', 'labelZhCn'].includes(f.key),
);
