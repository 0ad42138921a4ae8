import type { MessageTexts } from '@trialab/api-contract';

/** Messages of account administration (/platform/account and the permission pages). */
export const USER_MESSAGES = {
  grantBeyondOwn: {
    zh_CN: '不能授予自己没有的权限：{permission}',
    en_US: 'You cannot grant a permission you do not hold: {permission}',
    zh_HK: '不能授予自己沒有的權限：{permission}',
  },
  grantBeyondScope: {
    zh_CN: '不能授予自己无权访问的项目：{projectId}',
    en_US: 'You cannot grant a project you do not work on yourself: {projectId}',
    zh_HK: '不能授予自己無權存取的項目：{projectId}',
  },
  internalRoleForExternal: {
    zh_CN: '外部用户不能拥有内部角色：{role}',
    en_US: 'An external user cannot hold the internal role {role}',
    zh_HK: '外部用戶不能擁有內部角色：{role}',
  },
  cannotDisableSelf: {
    zh_CN: '不能停用当前登录账号',
    en_US: 'You cannot disable your own account',
    zh_HK: '不能停用當前登錄賬號',
  },
  lastSuperAccount: {
    zh_CN: '不能停用最后一个超级管理员账号',
    en_US: 'The last super account cannot be disabled',
    zh_HK: '不能停用最後一個超級管理員賬號',
  },
  cannotResetOwnPassword: {
    zh_CN: '请在个人中心修改自己的密码',
    en_US: 'Change your own password in My account',
    zh_HK: '請在個人中心修改自己的密碼',
  },
  userHasNoEmail: {
    zh_CN: '该账号没有邮箱，无法发送临时密码',
    en_US: 'The account has no e-mail address to send the temporary password to',
    zh_HK: '該賬號沒有郵箱，無法發送臨時密碼',
  },
  userHasRecords: {
    zh_CN: '该账号已有记录（操作日志 {audit} 条，创建或签署的记录 {authored} 条），不能删除，请改为停用',
    en_US:
      'The account has records ({audit} in the audit trail as actor, {authored} it created or signed) and cannot be deleted; disable it instead',
    zh_HK: '該賬號已有記錄（操作日誌 {audit} 條，建立或簽署的記錄 {authored} 條），不能刪除，請改為停用',
  },
  superGrantsFixed: {
    zh_CN: '超级管理员拥有全部项目，无需授权',
    en_US: 'The super account has every project; its grants cannot be edited',
    zh_HK: '超級管理員擁有全部項目，無需授權',
  },
  tempPasswordSubject: {
    zh_CN: 'Trialab 临时密码',
    en_US: 'Trialab temporary password',
    zh_HK: 'Trialab 臨時密碼',
  },
  tempPasswordBody: {
    zh_CN: '管理员已为您的账号 {account} 重置密码，临时密码为 {password}。登录后须立即修改。',
    en_US:
      'An administrator reset the password of your account {account}. Your temporary password is {password}; you must change it when you log in.',
    zh_HK: '管理員已為您的賬號 {account} 重設密碼，臨時密碼為 {password}。登錄後須立即修改。',
  },
} as const satisfies Record<string, MessageTexts>;

declare module '../../lib/i18n.js' {
  interface DomainMessages {
    users: typeof USER_MESSAGES;
  }
}
