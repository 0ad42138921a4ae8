import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, pageFields, version } from '../schemas.js';
import { contactFields, optionalEmail } from './portal-fields.js';

export const ADDRESS_PERMISSIONS = {
  page: 'personal:address:page',
  create: 'personal:address:create',
  update: 'personal:address:update',
  delete: 'personal:address:delete',
} as const;

export const addressRow = z.object({
  id: z.number(),
  /** Value of dictionary 1023 (address label). */
  label: z.string(),
  name: z.string(),
  phone: z.string(),
  area: z.string(),
  company: z.string().nullable(),
  detail: z.string(),
  email: z.string().nullable(),
  isDefault: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type AddressRow = z.infer<typeof addressRow>;

const addressInput = z.object({
  label: z.string().trim().min(1).max(32),
  ...contactFields,
  isDefault: z.boolean().default(false),
});

/** The address book of the personal centre (SPEC: common addresses); every user sees only their own. */
export const address = defineGroup('address', {
  page: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/personal/address/page',
    summary: 'My address book, paged; keyword searches name, phone, company and address',
    access: { permission: ADDRESS_PERMISSIONS.page },
    mutates: false,
    paged: true,
    body: z.object({ ...pageFields, keyword: z.string().trim().max(64).optional() }),
    data: z.array(addressRow),
  }),
  create: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/personal/address',
    summary: 'Add an address to my address book',
    access: { permission: ADDRESS_PERMISSIONS.create },
    mutates: true,
    body: addressInput,
    data: addressRow,
  }),
  update: defineEndpoint({
    service: 'main',
    method: 'PUT',
    path: '/personal/address',
    summary: 'Edit one of my addresses (send the version read)',
    access: { permission: ADDRESS_PERMISSIONS.update },
    mutates: true,
    body: addressInput.extend({ id, version }),
    data: addressRow,
  }),
  delete: defineEndpoint({
    service: 'main',
    method: 'DELETE',
    path: '/personal/address/{id}',
    summary: 'Remove one of my addresses',
    access: { permission: ADDRESS_PERMISSIONS.delete },
    mutates: true,
    params: idParams,
    data: z.boolean(),
  }),
  /** SPEC: GET /consumable/order/receive/address (query): addresses offered by the application form. */
  receiveAddress: defineEndpoint({
    service: 'main',
    method: 'GET',
    path: '/consumable/order/receive/address',
    summary: 'My addresses for the shipping information of a form (default first), optionally by keyword',
    access: 'authenticated',
    mutates: false,
    query: z.object({ keyword: z.string().trim().max(64).optional() }),
    data: z.array(addressRow),
  }),
});

export const GENDERS = { male: 1, female: 2, other: 3 } as const;

export const profileRow = z.object({
  id: z.number(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** 1 male, 2 female, 3 other. */
  gender: z.number().nullable(),
  type: z.number(),
  roleNames: z.array(z.string()),
  deptName: z.string().nullable(),
  loginDate: z.string().nullable(),
  createdAt: z.string(),
  version: z.number(),
});

/** The personal centre: the logged-in user's own account details. */
export const personal = defineGroup('personal', {
  profile: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/sys/user/profile',
    summary: 'My account details (phone, role, name, e-mail, gender)',
    access: 'authenticated',
    mutates: false,
    data: profileRow,
  }),
  updateProfile: defineEndpoint({
    service: 'user',
    method: 'PUT',
    path: '/sys/user/profile',
    summary: 'Edit my name, e-mail and gender (send the version read); the phone is the login account',
    access: { permission: 'personal:account:update' },
    mutates: true,
    body: z.object({
      username: z.string().trim().min(1).max(32),
      email: optionalEmail(64),
      gender: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
      version,
    }),
    data: profileRow,
  }),
});
