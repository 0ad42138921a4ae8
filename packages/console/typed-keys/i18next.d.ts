import 'i18next';
import type { common } from '../src/locales/zh-CN/common';
import type { fields } from '../src/locales/zh-CN/fields';
import type { lab } from '../src/locales/zh-CN/lab';
import type { labQueries } from '../src/locales/zh-CN/labQueries';
import type { menu } from '../src/locales/zh-CN/menu';
import type { specimen } from '../src/locales/zh-CN/specimen';
import type { web } from '../src/locales/zh-CN/web';
import type { webAdmin } from '../src/locales/zh-CN/webAdmin';
import type { webReports } from '../src/locales/zh-CN/webReports';

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
