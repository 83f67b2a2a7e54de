import type common from '../../../locales/en/common.json';
import type errors from '../../../locales/en/errors.json';
import type config from '../../../locales/en/config.json';
import type forms from '../../../locales/en/forms.json';
import type barcode from '../../../locales/en/barcode.json';
import type pairing from '../../../locales/en/pairing.json';
import type scanList from '../../../locales/en/scan-list.json';
import type bulk from '../../../locales/en/bulk.json';
import type admin from '../../../locales/en/admin.json';
import type find from '../../../locales/en/find.json';
import type recall from '../../../locales/en/recall.json';

// t() keys are checked against the English files: a typo fails the typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      config: typeof config;
      forms: typeof forms;
      barcode: typeof barcode;
      pairing: typeof pairing;
      'scan-list': typeof scanList;
      bulk: typeof bulk;
      admin: typeof admin;
      find: typeof find;
      recall: typeof recall;
    };
  }
}
