import type { Lang, MessageTexts } from '@trialab/api-contract';

/** Every message the server sends, in both languages. `{name}` placeholders are filled in. */
const MESSAGES = {
  ok: { zh_CN: '操作成功', en_US: 'Success' },
  badRequest: { zh_CN: '请求参数错误：{detail}', en_US: 'Invalid request: {detail}' },
  malformedRequest: { zh_CN: '请求格式错误', en_US: 'Malformed request' },
  malformedUrl: { zh_CN: '请求地址无效', en_US: 'The request URL is not valid' },
  headersTooLarge: {
    zh_CN: '请求地址或请求头过长（上限{kb}KB），请缩短查询条件',
    en_US: 'The request URL or headers are too long (limit {kb} KB); shorten the query',
  },
  requestTimeout: { zh_CN: '请求超时', en_US: 'Request timed out' },
  malformedJson: { zh_CN: '请求体不是合法的JSON', en_US: 'The request body is not valid JSON' },
  bodyTooLarge: { zh_CN: '请求体过大', en_US: 'The request body is too large' },
  unsupportedMediaType: { zh_CN: '不支持的内容类型', en_US: 'Unsupported content type' },
  unauthorized: {
    zh_CN: '登录状态已过期，请重新登录',
    en_US: 'Your session has expired, please log in again',
  },
  forbidden: {
    zh_CN: '对不起，您没有操作权限：{operation}',
    en_US: 'Sorry, you are not allowed to: {operation}',
  },
  forbiddenScope: {
    zh_CN: '无权访问该项目或中心的数据',
    en_US: 'You have no access to this project or site',
  },
  notFound: { zh_CN: '数据不存在', en_US: 'Not found' },
  routeNotFound: { zh_CN: '接口不存在', en_US: 'No such API' },
  duplicate: { zh_CN: '{field}已存在', en_US: '{field} already exists' },
  tooManyRequests: { zh_CN: '请求过于频繁，请稍后再试', en_US: 'Too many requests, please try again later' },
  serverError: { zh_CN: '网络请求错误，请稍后再试', en_US: 'Request failed, please try again later' },
  databaseUnavailable: {
    zh_CN: '数据库暂时不可用，请稍后再试',
    en_US: 'The database is unavailable at the moment; please try again shortly',
  },
  passwordChangeRequired: {
    zh_CN: '首次登录或密码已过期，请先修改密码',
    en_US: 'First login or expired password: please change your password first',
  },
  staleVersion: {
    zh_CN: '数据已被他人修改，请刷新后重试',
    en_US: 'This record was changed by someone else; reload it and try again',
  },
  idempotencyKeyMalformed: {
    zh_CN: '幂等键（Idempotency-Key）格式错误：应为8至128位字母、数字、_或-',
    en_US: 'Malformed Idempotency-Key: 8 to 128 letters, digits, _ or -',
  },
  idempotencyKeyReused: {
    zh_CN: '该幂等键（Idempotency-Key）已用于另一个请求，请使用新的键',
    en_US: 'This Idempotency-Key was already used for another request; use a new key',
  },
  reasonRequired: { zh_CN: '请填写修改原因', en_US: 'Please give a reason for this change' },
  signatureMissing: {
    zh_CN: '缺少签名信息（timestamp、nonce、Signature、Content-MD5）',
    en_US: 'Signing headers missing or malformed (timestamp, nonce, Signature, Content-MD5)',
  },
  signatureInvalid: { zh_CN: '签名校验失败', en_US: 'Invalid request signature' },
  timestampOutOfWindow: {
    zh_CN: '请求时间与服务器时间相差超过5分钟，请校准时间',
    en_US: 'The request time differs from the server time by more than 5 minutes; check the clock',
  },
  nonceReplayed: { zh_CN: '重复的请求', en_US: 'This request was already received (replayed nonce)' },
  contentMd5Mismatch: { zh_CN: '请求体校验失败（Content-MD5）', en_US: 'Body does not match Content-MD5' },
  loginFailed: { zh_CN: '账号或密码错误', en_US: 'Wrong account or password' },
  accountDisabled: { zh_CN: '账号或密码错误', en_US: 'Wrong account or password' },
  captchaInvalid: { zh_CN: '请先完成滑块验证', en_US: 'Please complete the slide verification' },
  captchaFailed: { zh_CN: '验证失败，请重试', en_US: 'Verification failed, please try again' },
  agreementRequired: { zh_CN: '请阅读并勾选协议', en_US: 'Please read and accept the agreement' },
  codeInvalid: { zh_CN: '验证码错误或已失效', en_US: 'The verification code is wrong or has expired' },
  sendLimited: {
    zh_CN: '验证码发送过于频繁，请{seconds}秒后再试',
    en_US: 'Too many codes requested; try again in {seconds} s',
  },
  // The same words whether or not the account exists (docs/operations.md "SMS").
  sendFailed: {
    zh_CN: '消息发送失败，请稍后重试',
    en_US: 'The message could not be sent; please try again',
  },
  loginThrottled: {
    zh_CN: '失败次数过多，请{seconds}秒后再试',
    en_US: 'Too many failed attempts; try again in {seconds} s',
  },
  resetTokenInvalid: {
    zh_CN: '重置密码已失效，请重新验证账号',
    en_US: 'This password reset has expired or was already used; confirm your account again',
  },
  wxNotBound: {
    zh_CN: '该微信未绑定账号，请使用账号登录后绑定',
    en_US: 'This WeChat account is not bound; log in with your account and bind it',
  },
  wxUnavailable: { zh_CN: '微信登录未启用', en_US: 'WeChat login is not enabled' },
  wxAlreadyBound: { zh_CN: '该微信已绑定其他账号', en_US: 'This WeChat account is bound to another user' },
  oldPasswordWrong: { zh_CN: '原密码错误', en_US: 'The old password is wrong' },
  passwordSame: {
    zh_CN: '新密码不能与原密码相同',
    en_US: 'The new password must differ from the old one',
  },
  lockPasswordWrong: {
    zh_CN: '密码错误，请重新填写，连续输错3次将自动退出登录',
    en_US: 'Wrong password. After 3 wrong attempts you will be logged out',
  },
  lockLoggedOut: { zh_CN: '密码错误大于3次，自动退出登录', en_US: 'More than 3 wrong passwords: logged out' },
  fileTooLarge: { zh_CN: '文件大小不能超过{max}MB', en_US: 'The file must not exceed {max} MB' },
  fileTypeNotAllowed: { zh_CN: '不支持的文件类型：{type}', en_US: 'File type not allowed: {type}' },
  fileMissing: { zh_CN: '请选择文件', en_US: 'Please choose a file' },
  fileContentMissing: {
    zh_CN: '文件内容已丢失，请联系管理员',
    en_US: "The file's content is missing from the store; contact an administrator",
  },
  uploadQuotaExceeded: {
    zh_CN: '上传空间已用完（每位用户共{quota}MB），请联系管理员',
    en_US: 'Your upload space is used up ({quota} MB per user); please contact an administrator',
  },
  roleInUse: {
    zh_CN: '角色已分配给{count}个用户，不能删除；请先从这些用户中移除该角色',
    en_US: 'The role is assigned to {count} user(s) and cannot be deleted; remove it from them first',
  },
  roleHeldByExternal: {
    zh_CN: '该角色由{count}个外部用户持有，不能授予门户以外的权限：{permission}',
    en_US:
      'The role is held by {count} site user(s) and cannot grant anything outside the portal: {permission}',
  },
  grantNotHeld: {
    zh_CN: '不能授予本人未拥有的权限：{permission}',
    en_US: 'You cannot grant a permission you do not hold yourself: {permission}',
  },
  cannotDeleteSelf: { zh_CN: '不能删除当前登录账号', en_US: 'You cannot delete your own account' },
  superProtected: { zh_CN: '超级管理员账号不可修改', en_US: 'The super account cannot be changed this way' },
  invalidReference: {
    zh_CN: '引用的数据不存在：{field}',
    en_US: 'Referenced record does not exist: {field}',
  },
  externalNeedsSites: {
    zh_CN: '外部用户须指定中心',
    en_US: 'External users need at least one site per project',
  },
  siteNotInProject: { zh_CN: '中心不属于该项目', en_US: 'The site does not belong to the project' },
  originNotAllowed: { zh_CN: '来源地址不合法', en_US: 'Invalid origin' },
  codeSubject: { zh_CN: 'Trialab 登录验证码', en_US: 'Trialab login code' },
  codeBody: {
    zh_CN: '您的登录验证码为 {code}，10分钟内有效。如非本人操作请忽略。',
    en_US:
      'Your login code is {code}. It is valid for 10 minutes. Ignore this message if you did not ask for it.',
  },
} as const satisfies Record<string, MessageTexts>;

type MessageTable = Record<string, MessageTexts>;

/**
 * The domains' message tables by name. Each modules/<x>/messages.ts adds its table's type here
 * (declaration merging) and app.ts adds the table itself with addMessages, so lib/ imports
 * nothing from modules/.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules' declaration merging
export interface DomainMessages {}

export type MessageKey =
  | keyof typeof MESSAGES
  | { [Domain in keyof DomainMessages]: keyof DomainMessages[Domain] }[keyof DomainMessages];

const domainMessages = new Map<string, MessageTexts>();

/** Adds domain tables; a key defined twice is a programming error. */
export function addMessages(...tables: MessageTable[]): void {
  for (const table of tables) {
    for (const [key, texts] of Object.entries(table)) {
      const known = key in MESSAGES ? MESSAGES[key as keyof typeof MESSAGES] : domainMessages.get(key);
      if (known && known !== texts) throw new Error(`message key ${key} is defined twice`);
      domainMessages.set(key, texts);
    }
  }
}

export function t(lang: Lang, key: MessageKey, params: Record<string, string | number> = {}): string {
  const texts = key in MESSAGES ? MESSAGES[key as keyof typeof MESSAGES] : domainMessages.get(key);
  if (!texts) throw new Error(`message key ${key} is not registered (app.ts adds the domains' tables)`);
  return texts[lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** Field names used in duplicate messages. */
export const FIELD_NAMES: Record<string, Record<Lang, string>> = {
  mobile: { zh_CN: '手机号', en_US: 'Phone number' },
  email: { zh_CN: '邮箱', en_US: 'E-mail' },
  jobNumber: { zh_CN: '工号', en_US: 'Job number' },
  name: { zh_CN: '名称', en_US: 'Name' },
  code: { zh_CN: '编码', en_US: 'Code' },
  value: { zh_CN: '字典值', en_US: 'Value' },
  projectNo: { zh_CN: '项目编号', en_US: 'Project number' },
};

export function fieldName(lang: Lang, field: string): string {
  return FIELD_NAMES[field]?.[lang] ?? field;
}
