export * from './audit-diff.js';
export * from './audit-words.js';
export * from './codes.js';
export * from './endpoint.js';
export { dept, ROLE_CODE_PATTERN, role, userProject } from './endpoints/access.js';
export * from './endpoints/account-applications.js';
export { auth, captchaChallenge, type LoginResult, loginResult } from './endpoints/auth.js';
export * from './endpoints/code-mappings.js';
export * from './endpoints/express.js';
export * from './endpoints/express-edit-check.js';
export * from './endpoints/finance.js';
export * from './endpoints/finance-receivables.js';
export * from './endpoints/finance-statements.js';
export * from './endpoints/lab.js';
export * from './endpoints/lab-queries.js';
export * from './endpoints/library.js';
export * from './endpoints/library-batch-edit.js';
export * from './endpoints/library-bills.js';
export * from './endpoints/library-containers.js';
export * from './endpoints/library-custody.js';
export * from './endpoints/library-holds.js';
export * from './endpoints/library-log.js';
export * from './endpoints/library-maintenance.js';
export * from './endpoints/library-moves.js';
export * from './endpoints/library-retention.js';
export * from './endpoints/library-samples.js';
export * from './endpoints/marketing.js';
export * from './endpoints/plan-templates.js';
export * from './endpoints/plans.js';
export * from './endpoints/portal-address.js';
export * from './endpoints/portal-clarification.js';
export * from './endpoints/portal-consumables.js';
export * from './endpoints/portal-fields.js';
export * from './endpoints/portal-reports.js';
export * from './endpoints/portal-staff.js';
export * from './endpoints/portal-transport.js';
export * from './endpoints/progress.js';
export * from './endpoints/project-config.js';
export { OPEN_FEEDBACK_STATES, OPEN_QUERY_STATES } from './endpoints/project-overview.js';
export {
  PROJECT_IMPORT_PROBLEMS,
  PROJECT_IMPORT_TYPES,
  type ProjectImportType,
} from './endpoints/project-record.js';
export * from './endpoints/project-reports.js';
export * from './endpoints/reference-data.js';
export * from './endpoints/report-manage.js';
export * from './endpoints/reports.js';
export * from './endpoints/research-centers.js';
export * from './endpoints/sample-users.js';
export * from './endpoints/shared-docs.js';
export * from './endpoints/specimen.js';
export * from './endpoints/supply.js';
export * from './endpoints/supply-barcodes.js';
export * from './endpoints/supply-labels.js';
export * from './endpoints/supply-suppliers.js';
export {
  DICT_IMPORT_PROBLEMS,
  DUPLICATE_TARGETS,
  type DuplicateTarget,
  dict,
  project,
  system,
} from './endpoints/system.js';
export { SYSTEM_PERMISSIONS, systemStatus } from './endpoints/system-status.js';
export * from './endpoints/test-items.js';
export { todo } from './endpoints/todo.js';
export {
  ACCOUNT_PERMISSIONS,
  type CurrentUser,
  currentUser,
  externalPermission,
  LOGIN_FAILURE_REASONS,
  type MenuItem,
  menuItem,
  PERMISSION_TYPE,
  USER_TYPE,
  user,
  userRow,
  WILDCARD_PERMISSION,
} from './endpoints/user.js';
export * from './file-ids.js';
export * from './form-fields.js';
export * from './grants.js';
export * from './library-words.js';
export * from './local-name.js';
export * from './money.js';
export * from './password.js';
export { API_PREFIX } from './prefix.js';
export * from './signing.js';
export * from './validation.js';
export * from './workflows/account-application.js';
export * from './workflows/chargeback-notice.js';
export * from './workflows/finance.js';
export * from './workflows/finance-statements.js';
export * from './workflows/lab-feedback.js';
export * from './workflows/lab-report.js';
export * from './workflows/library.js';
export * from './workflows/library-bills.js';
export * from './workflows/library-maintenance.js';
export * from './workflows/library-moves.js';
export * from './workflows/marketing.js';
export * from './workflows/portal.js';
export * from './workflows/progress.js';
export * from './workflows/project-file.js';
export * from './workflows/project-plan.js';
export * from './workflows/project-report.js';
export * from './workflows/sample-receipt.js';
export * from './workflows/shared-document.js';
export * from './workflows/specimen.js';
export * from './workflows/subject-registration.js';
export * from './workflows/supply-stocktake.js';
export * from './workflows/test-order.js';

import type { EndpointDef } from './endpoint.js';
import { dept, role, userProject } from './endpoints/access.js';
import { accountApplication } from './endpoints/account-applications.js';
import { auth } from './endpoints/auth.js';
import { codeMappings } from './endpoints/code-mappings.js';
import { receipt } from './endpoints/express.js';
import { shipmentCorrection } from './endpoints/express-edit-check.js';
import { bills } from './endpoints/finance.js';
import { receivables } from './endpoints/finance-receivables.js';
import { adjustment, statement } from './endpoints/finance-statements.js';
import { subject, testOrder } from './endpoints/lab.js';
import { labFeedback, labQuery, specimenLog } from './endpoints/lab-queries.js';
import { library } from './endpoints/library.js';
import { libraryBatchEdit } from './endpoints/library-batch-edit.js';
import { libraryBills } from './endpoints/library-bills.js';
import { libraryContainers } from './endpoints/library-containers.js';
import { libraryCustody } from './endpoints/library-custody.js';
import { libraryHolds } from './endpoints/library-holds.js';
import { libraryLog } from './endpoints/library-log.js';
import { libraryMaintenance } from './endpoints/library-maintenance.js';
import { libraryMoves } from './endpoints/library-moves.js';
import { libraryRetention } from './endpoints/library-retention.js';
import { librarySamples } from './endpoints/library-samples.js';
import { contract, customer, quotation, rateCard } from './endpoints/marketing.js';
import { formTemplates, planTemplates } from './endpoints/plan-templates.js';
import { plan } from './endpoints/plans.js';
import { address, personal } from './endpoints/portal-address.js';
import { clarification, portalHome } from './endpoints/portal-clarification.js';
import { consumable } from './endpoints/portal-consumables.js';
import { chargebackStaff, portalReport } from './endpoints/portal-reports.js';
import { logisticsOrder, staffShipment } from './endpoints/portal-staff.js';
import { sampleTransport } from './endpoints/portal-transport.js';
import { progress } from './endpoints/progress.js';
import { projectItemLog, projectTestItems, voidedBarcodes } from './endpoints/project-config.js';
import { manualReports, projectReports } from './endpoints/project-reports.js';
import { sampleTypes, stockOutTypes, temperatures } from './endpoints/reference-data.js';
import { reportManage } from './endpoints/report-manage.js';
import { report } from './endpoints/reports.js';
import { researchCenter } from './endpoints/research-centers.js';
import { sampleUsers } from './endpoints/sample-users.js';
import { sharedDocOriginal, sharedDocPublic } from './endpoints/shared-docs.js';
import { sampleCode, specimenSign, subBarcode, tempStorage } from './endpoints/specimen.js';
import { supply } from './endpoints/supply.js';
import { receiptBarcode, supplyBarcodes } from './endpoints/supply-barcodes.js';
import { labels } from './endpoints/supply-labels.js';
import { supplier } from './endpoints/supply-suppliers.js';
import { dict, project, system } from './endpoints/system.js';
import { systemStatus } from './endpoints/system-status.js';
import { testItems } from './endpoints/test-items.js';
import { todo } from './endpoints/todo.js';
import { user } from './endpoints/user.js';

/** Every endpoint, grouped by module; the server registers routes from these. */
export const endpoints = {
  auth,
  user,
  role,
  dept,
  userProject,
  dict,
  system,
  project,
  address,
  personal,
  consumable,
  sampleTransport,
  clarification,
  portalHome,
  portalReport,
  chargebackStaff,
  testItems,
  sampleTypes,
  temperatures,
  researchCenter,
  stockOutTypes,
  codeMappings,
  receipt,
  subject,
  testOrder,
  report,
  labQuery,
  labFeedback,
  specimenLog,
  sampleCode,
  specimenSign,
  subBarcode,
  tempStorage,
  library,
  libraryContainers,
  libraryMaintenance,
  libraryMoves,
  libraryBills,
  librarySamples,
  libraryRetention,
  libraryCustody,
  libraryHolds,
  libraryLog,
  libraryBatchEdit,
  sampleUsers,
  accountApplication,
  sharedDocOriginal,
  sharedDocPublic,
  staffShipment,
  logisticsOrder,
  systemStatus,
  todo,
  formTemplates,
  planTemplates,
  voidedBarcodes,
  projectTestItems,
  projectItemLog,
  progress,
  plan,
  projectReports,
  manualReports,
  supplyBarcodes,
  receiptBarcode,
  labels,
  supply,
  supplier,
  customer,
  rateCard,
  quotation,
  contract,
  reportManage,
  bills,
  shipmentCorrection,
  statement,
  adjustment,
  receivables,
} as const;

/** Flat list of every declaration. */
export const ALL_ENDPOINTS: readonly EndpointDef[] = Object.values(endpoints).flatMap(
  (group) => Object.values(group) as EndpointDef[],
);
