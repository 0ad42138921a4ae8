// Every t() key is checked against the zh-CN texts (the other languages have the same keys: locales.test.ts).
import 'i18next';
import type { accounts } from './zh-CN/accounts';
import type { common } from './zh-CN/common';
import type { fields } from './zh-CN/fields';
import type { finance } from './zh-CN/finance';
import type { home } from './zh-CN/home';
import type { lab } from './zh-CN/lab';
import type { labQueries } from './zh-CN/labQueries';
import type { libraryBatchEdit } from './zh-CN/libraryBatchEdit';
import type { libraryBills } from './zh-CN/libraryBills';
import type { libraryContainers } from './zh-CN/libraryContainers';
import type { libraryCustody } from './zh-CN/libraryCustody';
import type { libraryHolds } from './zh-CN/libraryHolds';
import type { libraryLog } from './zh-CN/libraryLog';
import type { libraryMap } from './zh-CN/libraryMap';
import type { libraryRetention } from './zh-CN/libraryRetention';
import type { librarySamples } from './zh-CN/librarySamples';
import type { mapping } from './zh-CN/mapping';
import type { marketing } from './zh-CN/marketing';
import type { menu } from './zh-CN/menu';
import type { planTemplate } from './zh-CN/planTemplate';
import type { platformData } from './zh-CN/platformData';
import type { portal } from './zh-CN/portal';
import type { portalAdmin } from './zh-CN/portalAdmin';
import type { portalReports } from './zh-CN/portalReports';
import type { projectConfig } from './zh-CN/projectConfig';
import type { projectFile } from './zh-CN/projectFile';
import type { projectPlan } from './zh-CN/projectPlan';
import type { projectPlanParts } from './zh-CN/projectPlanParts';
import type { projectProgress } from './zh-CN/projectProgress';
import type { projectRecord } from './zh-CN/projectRecord';
import type { projectReports } from './zh-CN/projectReports';
import type { receivables } from './zh-CN/receivables';
import type { reports } from './zh-CN/reports';
import type { researchCenter } from './zh-CN/researchCenter';
import type { roles } from './zh-CN/roles';
import type { specimen } from './zh-CN/specimen';
import type { statements } from './zh-CN/statements';
import type { stockOut } from './zh-CN/stockOut';
import type { supply } from './zh-CN/supply';
import type { supplyBarcodes } from './zh-CN/supplyBarcodes';
import type { supplySuppliers } from './zh-CN/supplySuppliers';
import type { system } from './zh-CN/system';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: [
      'common',
      'fields',
      'lab',
      'labQueries',
      'menu',
      'platformData',
      'specimen',
      'portal',
      'portalAdmin',
      'portalReports',
      'platformData',
      'accounts',
      'system',
      'roles',
      'home',
      'researchCenter',
      'stockOut',
      'libraryContainers',
      'mapping',
      'planTemplate',
      'projectFile',
      'projectConfig',
      'projectProgress',
      'projectRecord',
      'projectPlan',
      'projectReports',
      'projectPlanParts',
      'libraryMap',
      'libraryBills',
      'librarySamples',
      'libraryRetention',
      'libraryCustody',
      'libraryHolds',
      'libraryLog',
      'supplyBarcodes',
      'supplySuppliers',
      'supply',
      'marketing',
      'libraryBatchEdit',
      'reports',
      'finance',
      'statements',
      'receivables',
    ];
    nsSeparator: '.';
    keySeparator: '.';
    resources: {
      common: typeof common;
      fields: typeof fields;
      lab: typeof lab;
      libraryBills: typeof libraryBills;
      librarySamples: typeof librarySamples;
      libraryRetention: typeof libraryRetention;
      libraryCustody: typeof libraryCustody;
      libraryHolds: typeof libraryHolds;
      supply: typeof supply;
      libraryLog: typeof libraryLog;
      marketing: typeof marketing;
      libraryBatchEdit: typeof libraryBatchEdit;
      finance: typeof finance;
      statements: typeof statements;
      receivables: typeof receivables;
      labQueries: typeof labQueries;
      libraryMap: typeof libraryMap;
      menu: typeof menu;
      platformData: typeof platformData;
      specimen: typeof specimen;
      portal: typeof portal;
      portalAdmin: typeof portalAdmin;
      portalReports: typeof portalReports;
      platformData: typeof platformData;
      accounts: typeof accounts;
      system: typeof system;
      roles: typeof roles;
      home: typeof home;
      researchCenter: typeof researchCenter;
      projectFile: typeof projectFile;
      stockOut: typeof stockOut;
      libraryContainers: typeof libraryContainers;
      mapping: typeof mapping;
      planTemplate: typeof planTemplate;
      projectConfig: typeof projectConfig;
      projectProgress: typeof projectProgress;
      projectRecord: typeof projectRecord;
      projectPlan: typeof projectPlan;
      projectReports: typeof projectReports;
      projectPlanParts: typeof projectPlanParts;
      reports: typeof reports;
      supplyBarcodes: typeof supplyBarcodes;
      supplySuppliers: typeof supplySuppliers;
    };
  }
}
