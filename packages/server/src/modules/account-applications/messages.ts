import type { MessageTexts } from '@trialab/api-contract';

/** Server messages of account applications, shared documents and reply files (added to lib/i18n.ts by app.ts). */
export const PORTAL_ADMIN_MESSAGES = {
  grantNotOwned: {
    zh_CN: '只能申请您本人已有的项目中心权限',
    en_US: 'You can only request project sites you hold yourself',
  },
  grantNoLongerHeld: {
    zh_CN: '申请人已不再拥有所申请的中心权限，请驳回该申请',
    en_US: 'The applicant no longer holds the requested sites; reject the application',
  },
  roleNotAllowed: {
    zh_CN: '该角色不能用于门户账号申请',
    en_US: 'This role cannot be requested for a portal account',
  },
  roleNotOwned: {
    zh_CN: '只能申请您本人已拥有其全部权限的角色',
    en_US: 'You can only request a role whose rights you hold yourself',
  },
  roleNoLongerHeld: {
    zh_CN: '申请人已不再拥有该角色的全部权限，请驳回该申请',
    en_US: 'The applicant no longer holds every right of the requested role; reject the application',
  },
  applicationPending: {
    zh_CN: '该手机号已有待审核的账号申请',
    en_US: 'An application for this phone number is already awaiting review',
  },
  accountExists: {
    zh_CN: '该手机号或邮箱已有账号',
    en_US: 'An account with this phone number or e-mail already exists',
  },
  accountCreatedSubject: { zh_CN: 'Trialab 账号已开通', en_US: 'Your Trialab account' },
  accountCreatedBody: {
    zh_CN:
      '{name}您好，您的Trialab账号已开通。登录账号：{mobile}，初始密码：{password}。首次登录须修改密码。',
    en_US:
      'Hello {name}, your Trialab account is ready. Account: {mobile}, first-login password: {password}. You must change it at the first login.',
  },
  fileNotUsable: {
    zh_CN: '文件不存在或您无权使用该文件：{id}',
    en_US: 'The file does not exist or you may not attach it: {id}',
  },
  fileAlreadyShared: {
    zh_CN: '该文件已被共享，请重新上传',
    en_US: 'This file is already shared; upload it again',
  },
  fileInUse: {
    zh_CN: '该文件已用于其他记录，请重新上传',
    en_US: 'This file is already attached to another record; upload it again',
  },
  imageOnly: {
    zh_CN: '只能上传图片（png、jpg、gif、webp）：{name}',
    en_US: 'Only images (png, jpg, gif, webp) can be attached: {name}',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    portalAdmin: typeof PORTAL_ADMIN_MESSAGES;
  }
}
