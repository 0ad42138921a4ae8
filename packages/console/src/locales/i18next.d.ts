// Every t() key is checked against the zh-CN texts (the other languages have the same keys: locales.test.ts).
import 'i18next';
import type { common } from './zh-CN/common';
import type { fields } from './zh-CN/fields';
import type { lab } from './zh-CN/lab';
import type { labQueries } from './zh-CN/labQueries';
import type { menu } from './zh-CN/menu';
import type { portal } from './zh-CN/portal';
import type { portalAdmin } from './zh-CN/portalAdmin';
import type { portalReports } from './zh-CN/portalReports';
import type { roles } from './zh-CN/roles';
import type { specimen } from './zh-CN/specimen';
import type { todo } from './zh-CN/todo';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: [
      'common',
      'fields',
      'lab',
      'labQueries',
      'menu',
      'specimen',
      'portal',
      'portalAdmin',
      'portalReports',
      'roles',
      'todo',
    ];
    nsSeparator: '.';
    keySeparator: '.';
    resources: {
      common: typeof common;
      fields: typeof fields;
      lab: typeof lab;
      labQueries: typeof labQueries;
      menu: typeof menu;
      specimen: typeof specimen;
      portal: typeof portal;
      portalAdmin: typeof portalAdmin;
      portalReports: typeof portalReports;
      roles: typeof roles;
      todo: typeof todo;
    };
  }
}
