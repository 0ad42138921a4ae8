import type { MessageTexts } from '@trialab/api-contract';

/** Server messages of account applications, shared documents and reply files (added to lib/i18n.ts by app.ts). */
export const PORTAL_ADMIN_MESSAGES = {
  grantNotOwned: {
    zh_CN: '只能申请您本人已有的项目中心权限',
    en_US: 'You can only request project sites you hold yourself',
    zh_HK: '只能申請您本人已有的項目中心權限',
  },
  grantNoLongerHeld: {
    zh_CN: '申请人已不再拥有所申请的中心权限，请驳回该申请',
    en_US: 'The applicant no longer holds the requested sites; reject the application',
    zh_HK: '申請人已不再擁有所申請的中心權限，請駁回該申請',
  },
  roleNotAllowed: {
    zh_CN: '该角色不能用于门户账号申请',
    en_US: 'This role cannot be requested for a portal account',
    zh_HK: '該角色不能用於門戶賬號申請',
  },
  roleNotOwned: {
    zh_CN: '只能申请您本人已拥有其全部权限的角色',
    en_US: 'You can only request a role whose rights you hold yourself',
    zh_HK: '只能申請您本人已擁有其全部權限的角色',
  },
  roleNoLongerHeld: {
    zh_CN: '申请人已不再拥有该角色的全部权限，请驳回该申请',
    en_US: 'The applicant no longer holds every right of the requested role; reject the application',
    zh_HK: '申請人已不再擁有該角色的全部權限，請駁回該申請',
  },
  applicationPending: {
    zh_CN: '该手机号已有待审核的账号申请',
    en_US: 'An application for this phone number is already awaiting review',
    zh_HK: '該手機號已有待審核的賬號申請',
  },
  accountExists: {
    zh_CN: '该手机号或邮箱已有账号',
    en_US: 'An account with this phone number or e-mail already exists',
    zh_HK: '該手機號或郵箱已有賬號',
  },
  accountCreatedSubject: {
    zh_CN: 'Trialab 账号已开通',
    en_US: 'Your Trialab account',
    zh_HK: 'Trialab 賬號已開通',
  },
  accountCreatedBody: {
    zh_CN:
      '{name}您好，您的Trialab账号已开通。登录账号：{mobile}，初始密码：{password}。首次登录须修改密码。',
    en_US:
      'Hello {name}, your Trialab account is ready. Account: {mobile}, first-login password: {password}. You must change it at the first login.',
    zh_HK:
      '{name}您好，您的Trialab賬號已開通。登錄賬號：{mobile}，初始密碼：{password}。首次登錄須修改密碼。',
  },
  fileNotUsable: {
    zh_CN: '文件不存在或您无权使用该文件：{id}',
    en_US: 'The file does not exist or you may not attach it: {id}',
    zh_HK: '文件不存在或您無權使用該文件：{id}',
  },
  fileAlreadyShared: {
    zh_CN: '该文件已被共享，请重新上传',
    en_US: 'This file is already shared; upload it again',
    zh_HK: '該文件已被共享，請重新上傳',
  },
  fileInUse: {
    zh_CN: '该文件已用于其他记录，请重新上传',
    en_US: 'This file is already attached to another record; upload it again',
    zh_HK: '該文件已用於其他記錄，請重新上傳',
  },
  imageOnly: {
    zh_CN: '只能上传图片（png、jpg、gif、webp）：{name}',
    en_US: 'Only images (png, jpg, gif, webp) can be attached: {name}',
    zh_HK: '只能上傳圖片（png、jpg、gif、webp）：{name}',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    portalAdmin: typeof PORTAL_ADMIN_MESSAGES;
  }
}
