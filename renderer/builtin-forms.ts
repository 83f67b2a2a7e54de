import { localized as text } from '@schemas/languages';
import { COUNTRY_CODES } from '@schemas/countries';
import type { CustomField } from '@schemas/custom-field';
import type { LocalizedText } from '@schemas/common';
import { EXTERNAL_ID_MAX_LENGTH, TRACKING_NUMBER_MAX_LENGTH } from '@schemas/validation';
import { countryLabel } from './country-names';

/**
 * The forms every project has, whatever its configuration: origin and destination addresses and
 * package information. They are described with the same field definitions admins write, so the
 * same renderer, widgets, validation messages and server checks apply: the server compiles
 * these very forms to check the addresses and package information it is sent.
 */

/** Names the activation data already has: custom fields may not reuse them. */
export const SPECIAL_FIELD_NAMES = [
  'trackingNumber',
  'externalId',
  'dimension',
  'width',
  'height',
  'weight',
  'depth',
] as const;

let countries: { value: string; label: LocalizedText }[] | undefined;

/** The country picker's options: names in each language beside the ISO code ("Japan (JPN)"), the code stored. */
function countryOptions() {
  countries ??= COUNTRY_CODES.map((code) => ({
    value: code,
    label: text(
      countryLabel(code, 'en'),
      countryLabel(code, 'ja'),
      countryLabel(code, 'zh-TW'),
      countryLabel(code, 'zh-CN'),
    ),
  }));
  return countries;
}

/**
 * The fields of an address; country and first address line are always required (an empty first
 * line counts as missing, also when an API client sends it as '').
 */
export function addressFields(): CustomField[] {
  return [
    { type: 'text', key: 'companyName', label: text('Company name', '会社名', '公司名稱', '公司名称'), maxLength: 100 },
    {
      type: 'singleSelect',
      key: 'country',
      label: text('Country', '国', '國家', '国家'),
      required: true,
      options: countryOptions(),
    },
    { type: 'text', key: 'postalCode', label: text('Postal code', '郵便番号', '郵遞區號', '邮政编码'), maxLength: 16 },
    {
      type: 'text',
      key: 'prefecture',
      label: text('Prefecture / state', '都道府県', '縣市 / 州', '省 / 州'),
      maxLength: 64,
    },
    {
      type: 'text',
      key: 'address1',
      label: text('Address line 1', '住所1', '地址 1', '地址 1'),
      required: true,
      minLength: 1,
      maxLength: 200,
    },
    { type: 'text', key: 'address2', label: text('Address line 2', '住所2', '地址 2', '地址 2'), maxLength: 200 },
    { type: 'phoneNumber', key: 'phoneNumber', label: text('Phone number', '電話番号', '電話號碼', '电话号码') },
  ];
}

/** The keys of addressFields(), i.e. what an address may hold. */
export const ADDRESS_KEYS = [
  'companyName',
  'country',
  'postalCode',
  'prefecture',
  'address1',
  'address2',
  'phoneNumber',
] as const;

/** Package size in cm and weight in kg, required where the trackpoint asks for them. */
export function packageFields(required: boolean): CustomField[] {
  // Negative orders: drawn before the configured fields that share their form (which have order >= 0).
  const measure = (key: string, label: LocalizedText, unitSuffix: string, order: number): CustomField => ({
    type: 'number',
    key,
    label,
    required,
    min: 0,
    max: 100000,
    precision: 1,
    unitSuffix,
    order,
  });
  return [
    measure('depth', text('Depth', '奥行き', '深度', '深度'), 'cm', -40),
    measure('width', text('Width', '幅', '寬度', '宽度'), 'cm', -39),
    measure('height', text('Height', '高さ', '高度', '高度'), 'cm', -38),
    measure('weight', text('Weight', '重量', '重量', '重量'), 'kg', -37),
  ];
}

/** The keys of packageFields(): sizes in cm, then the weight in kg. */
export const PACKAGE_MEASURE_KEYS = ['depth', 'width', 'height', 'weight'] as const;

/**
 * Where a trackpoint requires package information, a size or weight of 0 says nothing about the
 * package: each measure must then be above this (JSON Schema `exclusiveMinimum`), on the phone
 * and on the server alike. Where it is optional, 0 stays a value that may be typed.
 */
export const REQUIRED_MEASURE_ABOVE = 0;

/** Tracking number and external id, offered with the package information at activation. */
export function identifierFields(): CustomField[] {
  return [
    {
      type: 'text',
      key: 'trackingNumber',
      label: text('Tracking number', '追跡番号', '追蹤編號', '追踪编号'),
      maxLength: TRACKING_NUMBER_MAX_LENGTH,
      order: -30,
    },
    {
      type: 'text',
      key: 'externalId',
      label: text('External id', '外部ID', '外部 ID', '外部 ID'),
      maxLength: EXTERNAL_ID_MAX_LENGTH,
      order: -29,
    },
  ];
}
