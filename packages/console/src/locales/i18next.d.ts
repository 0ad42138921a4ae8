// Every t() key is checked against the zh-CN texts (the other languages have the same keys: locales.test.ts).
import 'i18next';
import type { common } from './zh-CN/common';
import type { fields } from './zh-CN/fields';
import type { lab } from './zh-CN/lab';
import type { labQueries } from './zh-CN/labQueries';
import type { menu } from './zh-CN/menu';
import type { specimen } from './zh-CN/specimen';
import type { web } from './zh-CN/web';
import type { webAdmin } from './zh-CN/webAdmin';
import type { webReports } from './zh-CN/webReports';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: ['common', 'fields', 'lab', 'labQueries', 'menu', 'specimen', 'web', 'webAdmin', 'webReports'];
    nsSeparator: '.';
    keySeparator: '.';
    resources: {
      common: typeof common;
      fields: typeof fields;
      lab: typeof lab;
      labQueries: typeof labQueries;
      menu: typeof menu;
      specimen: typeof specimen;
      web: typeof web;
      webAdmin: typeof webAdmin;
      webReports: typeof webReports;
    };
  }
}
