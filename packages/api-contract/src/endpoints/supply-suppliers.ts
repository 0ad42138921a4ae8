// Suppliers (/supply/supplier, docs/supply.md "Suppliers"): contacts and qualifications (documents
// with an expiry: licence, ISO 13485 certificate...), active or blocked with a reason. Stock-in of a
// lot from a blocked supplier, or one whose required qualification has expired, is refused.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import type { FormLang } from '../form-fields.js';
import { fileId, idParams, optionalText, pageFields, text, version } from '../schemas.js';
import { SUPPLY_PERMISSIONS } from '../workflows/supply-stocktake.js';
import { dateString } from './portal-fields.js';
import { supplyCode } from './supply.js';

export const SUPPLIER_STATES = ['active', 'blocked'] as const;
export type SupplierState = (typeof SUPPLIER_STATES)[number];

/** The documents a supplier is qualified by; the server names them in its refusals. */
export const QUALIFICATION_KINDS = ['licence', 'iso13485', 'registration', 'gsp', 'other'] as const;
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number];
export const QUALIFICATION_WORDS: Readonly<Record<QualificationKind, Readonly<Record<FormLang, string>>>> = {
  licence: {
    'zh-CN': '医疗器械经营许可证',
    'en-US': 'Medical device trading licence',
    'zh-HK': '醫療器械經營許可證',
  },
  iso13485: { 'zh-CN': 'ISO 13485 证书', 'en-US': 'ISO 13485 certificate', 'zh-HK': 'ISO 13485 證書' },
  registration: { 'zh-CN': '产品注册证', 'en-US': 'Product registration', 'zh-HK': '產品註冊證' },
  gsp: { 'zh-CN': 'GSP 证书', 'en-US': 'GSP certificate', 'zh-HK': 'GSP 證書' },
  other: { 'zh-CN': '其他资质', 'en-US': 'Other document', 'zh-HK': '其他資質' },
};

/** The expiry windows the page filters by and shows (days left); the home to-do counts the first. */
export const QUALIFICATION_WINDOWS = [30, 60, 90] as const;

export const supplierContact = z.object({
  name: text(32),
  role: optionalText(32),
  phone: optionalText(32),
  email: optionalText(64),
});

export const supplierQualification = z.object({
  kind: z.enum(QUALIFICATION_KINDS),
  docNo: text(64),
  expiryDate: dateString,
  /** An expired required document refuses stock-in from the supplier. */
  required: z.boolean(),
  fileId: fileId.nullish(),
});

export const supplierQualificationRow = supplierQualification.extend({
  id: z.number(),
  fileId: z.number().nullable(),
  /** Days from the caller's today to the expiry (negative: expired). */
  daysLeft: z.number(),
});

export const supplierRow = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  enName: z.string().nullable(),
  address: z.string().nullable(),
  status: z.enum(SUPPLIER_STATES),
  blockReason: z.string().nullable(),
  blockedByName: z.string().nullable(),
  blockedAt: z.string().nullable(),
  contacts: z.array(supplierContact),
  /** Earliest expiry first. */
  qualifications: z.array(supplierQualificationRow),
  version: z.number(),
});
export type SupplierRow = z.infer<typeof supplierRow>;

const supplierFields = {
  code: supplyCode,
  name: text(64),
  enName: optionalText(64),
  address: optionalText(128),
  contacts: z.array(supplierContact).max(10),
  qualifications: z.array(supplierQualification).max(20),
};

const P = SUPPLY_PERMISSIONS;

export const supplier = defineGroup('supplier', {
  page: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/supplier/paging',
    summary:
      'Suppliers with contacts and qualifications (keyword: code, name; expiringDays: a document expiring within that many days, expired ones included)',
    access: { permission: P.supplierPage },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      keyword: z.string().trim().max(64).nullish(),
      status: z.enum(SUPPLIER_STATES).nullish(),
      expiringDays: z.number().int().min(0).max(3650).nullish(),
    }),
    data: z.array(supplierRow),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/supply/supplier',
    summary: 'Add a supplier (code unique) with its contacts and qualifications',
    access: { permission: P.supplierEdit },
    mutates: true,
    body: z.object(supplierFields),
    data: supplierRow,
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/supply/supplier/{id}',
    summary: "Edit a supplier: its contacts and qualifications are replaced by the body's",
    access: { permission: P.supplierEdit },
    mutates: true,
    params: idParams,
    body: z.object({ ...supplierFields, version }),
    data: supplierRow,
  }),
  status: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/supply/supplier/{id}/status',
    summary:
      'Block a supplier (a reason is required; its lots are refused at stock-in) or make it active again',
    access: { permission: P.supplierBlock },
    mutates: true,
    params: idParams,
    body: z
      .object({ version, status: z.enum(SUPPLIER_STATES), reason: optionalText(255) })
      .refine((b) => b.status === 'active' || (b.reason ?? '').length > 0, {
        message: 'validation.reasonRequired',
        path: ['reason'],
      }),
    data: supplierRow,
  }),
  options: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/supply/supplier/options',
    summary:
      "Every supplier for the stock-in picker: id, code, name, state (the server refuses a blocked one's lots)",
    access: { permission: P.stockIn },
    mutates: false,
    data: z.array(
      z.object({ id: z.number(), code: z.string(), name: z.string(), status: z.enum(SUPPLIER_STATES) }),
    ),
  }),
});
