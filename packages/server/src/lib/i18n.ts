import { type Lang, type MessageTexts, parseLang } from '@trialab/api-contract';

/** Every message the server sends, in its three languages. `{name}` placeholders are filled in. */
const MESSAGES = {
  ok: { zh_CN: '操作成功', en_US: 'Success', zh_HK: '操作成功' },
  badRequest: {
    zh_CN: '请求参数错误：{detail}',
    en_US: 'Invalid request: {detail}',
    zh_HK: '請求參數錯誤：{detail}',
  },
  malformedRequest: { zh_CN: '请求格式错误', en_US: 'Malformed request', zh_HK: '請求格式錯誤' },
  malformedUrl: { zh_CN: '请求地址无效', en_US: 'The request URL is not valid', zh_HK: '請求地址無效' },
  headersTooLarge: {
    zh_CN: '请求地址或请求头过长（上限{kb}KB），请缩短查询条件',
    en_US: 'The request URL or headers are too long (limit {kb} KB); shorten the query',
    zh_HK: '請求地址或請求標頭過長（上限{kb}KB），請縮短查詢條件',
  },
  requestTimeout: { zh_CN: '请求超时', en_US: 'Request timed out', zh_HK: '請求逾時' },
  malformedJson: {
    zh_CN: '请求体不是合法的JSON',
    en_US: 'The request body is not valid JSON',
    zh_HK: '請求內容不是有效的JSON',
  },
  bodyTooLarge: { zh_CN: '请求体过大', en_US: 'The request body is too large', zh_HK: '請求內容過大' },
  unsupportedMediaType: {
    zh_CN: '不支持的内容类型',
    en_US: 'Unsupported content type',
    zh_HK: '不支援的內容類型',
  },
  unauthorized: {
    zh_CN: '登录状态已过期，请重新登录',
    en_US: 'Your session has expired, please log in again',
    zh_HK: '登錄狀態已過期，請重新登錄',
  },
  forbidden: {
    zh_CN: '对不起，您没有操作权限：{operation}',
    en_US: 'Sorry, you are not allowed to: {operation}',
    zh_HK: '對不起，您沒有操作權限：{operation}',
  },
  forbiddenScope: {
    zh_CN: '无权访问该项目或中心的数据',
    en_US: 'You have no access to this project or site',
    zh_HK: '無權存取該項目或中心的數據',
  },
  notFound: { zh_CN: '数据不存在', en_US: 'Not found', zh_HK: '數據不存在' },
  routeNotFound: { zh_CN: '接口不存在', en_US: 'No such API', zh_HK: '接口不存在' },
  duplicate: { zh_CN: '{field}已存在', en_US: '{field} already exists', zh_HK: '{field}已存在' },
  tooManyRequests: {
    zh_CN: '请求过于频繁，请稍后再试',
    en_US: 'Too many requests, please try again later',
    zh_HK: '請求過於頻繁，請稍後再試',
  },
  serverError: {
    zh_CN: '网络请求错误，请稍后再试',
    en_US: 'Request failed, please try again later',
    zh_HK: '網絡請求錯誤，請稍後再試',
  },
  databaseUnavailable: {
    zh_CN: '数据库暂时不可用，请稍后再试',
    en_US: 'The database is unavailable at the moment; please try again shortly',
    zh_HK: '數據庫暫時不可用，請稍後再試',
  },
  passwordChangeRequired: {
    zh_CN: '首次登录或密码已过期，请先修改密码',
    en_US: 'First login or expired password: please change your password first',
    zh_HK: '首次登錄或密碼已過期，請先修改密碼',
  },
  staleVersion: {
    zh_CN: '数据已被他人修改，请刷新后重试',
    en_US: 'This record was changed by someone else; reload it and try again',
    zh_HK: '數據已被他人修改，請重新整理後再試',
  },
  idempotencyKeyMalformed: {
    zh_CN: '幂等键（Idempotency-Key）格式错误：应为8至128位字母、数字、_或-',
    en_US: 'Malformed Idempotency-Key: 8 to 128 letters, digits, _ or -',
    zh_HK: '冪等鍵（Idempotency-Key）格式錯誤：應為8至128位字母、數字、_或-',
  },
  idempotencyKeyReused: {
    zh_CN: '该幂等键（Idempotency-Key）已用于另一个请求，请使用新的键',
    en_US: 'This Idempotency-Key was already used for another request; use a new key',
    zh_HK: '該冪等鍵（Idempotency-Key）已用於另一個請求，請使用新的鍵',
  },
  reasonRequired: {
    zh_CN: '请填写修改原因',
    en_US: 'Please give a reason for this change',
    zh_HK: '請填寫修改原因',
  },
  signatureMissing: {
    zh_CN: '缺少签名信息（timestamp、nonce、Signature、Content-MD5）',
    en_US: 'Signing headers missing or malformed (timestamp, nonce, Signature, Content-MD5)',
    zh_HK: '缺少簽名資訊（timestamp、nonce、Signature、Content-MD5）',
  },
  signatureInvalid: { zh_CN: '签名校验失败', en_US: 'Invalid request signature', zh_HK: '簽名校驗失敗' },
  timestampOutOfWindow: {
    zh_CN: '请求时间与服务器时间相差超过5分钟，请校准时间',
    en_US: 'The request time differs from the server time by more than 5 minutes; check the clock',
    zh_HK: '請求時間與伺服器時間相差超過5分鐘，請校準時間',
  },
  nonceReplayed: {
    zh_CN: '重复的请求',
    en_US: 'This request was already received (replayed nonce)',
    zh_HK: '重複的請求',
  },
  contentMd5Mismatch: {
    zh_CN: '请求体校验失败（Content-MD5）',
    en_US: 'Body does not match Content-MD5',
    zh_HK: '請求內容校驗失敗（Content-MD5）',
  },
  loginFailed: { zh_CN: '账号或密码错误', en_US: 'Wrong account or password', zh_HK: '賬號或密碼錯誤' },
  accountDisabled: { zh_CN: '账号或密码错误', en_US: 'Wrong account or password', zh_HK: '賬號或密碼錯誤' },
  captchaInvalid: {
    zh_CN: '请先完成滑块验证',
    en_US: 'Please complete the slide verification',
    zh_HK: '請先完成滑塊驗證',
  },
  captchaFailed: {
    zh_CN: '验证失败，请重试',
    en_US: 'Verification failed, please try again',
    zh_HK: '驗證失敗，請重試',
  },
  agreementRequired: {
    zh_CN: '请阅读并勾选协议',
    en_US: 'Please read and accept the agreement',
    zh_HK: '請閱讀並勾選協議',
  },
  codeInvalid: {
    zh_CN: '验证码错误或已失效',
    en_US: 'The verification code is wrong or has expired',
    zh_HK: '驗證碼錯誤或已失效',
  },
  sendLimited: {
    zh_CN: '验证码发送过于频繁，请{seconds}秒后再试',
    en_US: 'Too many codes requested; try again in {seconds} s',
    zh_HK: '驗證碼發送過於頻繁，請{seconds}秒後再試',
  },
  // The same words whether or not the account exists (docs/operations.md "SMS").
  sendFailed: {
    zh_CN: '消息发送失败，请稍后重试',
    en_US: 'The message could not be sent; please try again',
    zh_HK: '訊息發送失敗，請稍後重試',
  },
  loginThrottled: {
    zh_CN: '失败次数过多，请{seconds}秒后再试',
    en_US: 'Too many failed attempts; try again in {seconds} s',
    zh_HK: '失敗次數過多，請{seconds}秒後再試',
  },
  resetTokenInvalid: {
    zh_CN: '重置密码已失效，请重新验证账号',
    en_US: 'This password reset has expired or was already used; confirm your account again',
    zh_HK: '重設密碼已失效，請重新驗證賬號',
  },
  wxNotBound: {
    zh_CN: '该微信未绑定账号，请使用账号登录后绑定',
    en_US: 'This WeChat account is not bound; log in with your account and bind it',
    zh_HK: '該微信未綁定賬號，請使用賬號登錄後綁定',
  },
  wxUnavailable: { zh_CN: '微信登录未启用', en_US: 'WeChat login is not enabled', zh_HK: '微信登錄未啟用' },
  wxAlreadyBound: {
    zh_CN: '该微信已绑定其他账号',
    en_US: 'This WeChat account is bound to another user',
    zh_HK: '該微信已綁定其他賬號',
  },
  oldPasswordWrong: { zh_CN: '原密码错误', en_US: 'The old password is wrong', zh_HK: '原密碼錯誤' },
  passwordSame: {
    zh_CN: '新密码不能与原密码相同',
    en_US: 'The new password must differ from the old one',
    zh_HK: '新密碼不能與原密碼相同',
  },
  lockPasswordWrong: {
    zh_CN: '密码错误，请重新填写，连续输错3次将自动退出登录',
    en_US: 'Wrong password. After 3 wrong attempts you will be logged out',
    zh_HK: '密碼錯誤，請重新填寫，連續輸錯3次將自動退出登錄',
  },
  lockLoggedOut: {
    zh_CN: '密码错误大于3次，自动退出登录',
    en_US: 'More than 3 wrong passwords: logged out',
    zh_HK: '密碼錯誤大於3次，自動退出登錄',
  },
  fileTooLarge: {
    zh_CN: '文件大小不能超过{max}MB',
    en_US: 'The file must not exceed {max} MB',
    zh_HK: '文件大小不能超過{max}MB',
  },
  fileTypeNotAllowed: {
    zh_CN: '不支持的文件类型：{type}',
    en_US: 'File type not allowed: {type}',
    zh_HK: '不支援的文件類型：{type}',
  },
  fileMissing: { zh_CN: '请选择文件', en_US: 'Please choose a file', zh_HK: '請選擇文件' },
  fileContentMissing: {
    zh_CN: '文件内容已丢失，请联系管理员',
    en_US: "The file's content is missing from the store; contact an administrator",
    zh_HK: '文件內容已遺失，請聯絡管理員',
  },
  uploadQuotaExceeded: {
    zh_CN: '上传空间已用完（每位用户共{quota}MB），请联系管理员',
    en_US: 'Your upload space is used up ({quota} MB per user); please contact an administrator',
    zh_HK: '上傳空間已用完（每位用戶共{quota}MB），請聯絡管理員',
  },
  roleInUse: {
    zh_CN: '角色已分配给{count}个用户，不能删除；请先从这些用户中移除该角色',
    en_US: 'The role is assigned to {count} user(s) and cannot be deleted; remove it from them first',
    zh_HK: '角色已分配給{count}個用戶，不能刪除；請先從這些用戶中移除該角色',
  },
  roleHeldByExternal: {
    zh_CN: '该角色由{count}个外部用户持有，不能授予门户以外的权限：{permission}',
    en_US:
      'The role is held by {count} site user(s) and cannot grant anything outside the portal: {permission}',
    zh_HK: '該角色由{count}個外部用戶持有，不能授予門戶以外的權限：{permission}',
  },
  grantNotHeld: {
    zh_CN: '不能授予本人未拥有的权限：{permission}',
    en_US: 'You cannot grant a permission you do not hold yourself: {permission}',
    zh_HK: '不能授予本人未擁有的權限：{permission}',
  },
  cannotDeleteSelf: {
    zh_CN: '不能删除当前登录账号',
    en_US: 'You cannot delete your own account',
    zh_HK: '不能刪除當前登錄賬號',
  },
  superProtected: {
    zh_CN: '超级管理员账号不可修改',
    en_US: 'The super account cannot be changed this way',
    zh_HK: '超級管理員賬號不可修改',
  },
  invalidReference: {
    zh_CN: '引用的数据不存在：{field}',
    en_US: 'Referenced record does not exist: {field}',
    zh_HK: '引用的數據不存在：{field}',
  },
  externalNeedsSites: {
    zh_CN: '外部用户须指定中心',
    en_US: 'External users need at least one site per project',
    zh_HK: '外部用戶須指定中心',
  },
  siteNotInProject: {
    zh_CN: '中心不属于该项目',
    en_US: 'The site does not belong to the project',
    zh_HK: '中心不屬於該項目',
  },
  consoleNotBuilt: { zh_CN: '控制台未构建', en_US: 'The console is not built', zh_HK: '控制台未建置' },
  originNotAllowed: { zh_CN: '来源地址不合法', en_US: 'Invalid origin', zh_HK: '來源地址不合法' },
  codeSubject: { zh_CN: 'Trialab 登录验证码', en_US: 'Trialab login code', zh_HK: 'Trialab 登錄驗證碼' },
  codeBody: {
    zh_CN: '您的登录验证码为 {code}，10分钟内有效。如非本人操作请忽略。',
    en_US:
      'Your login code is {code}. It is valid for 10 minutes. Ignore this message if you did not ask for it.',
    zh_HK: '您的登錄驗證碼為 {code}，10分鐘內有效。如非本人操作請忽略。',
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

/**
 * A request's language: its `lang` header, and Traditional Chinese for a Chinese request whose
 * first `Accept-Language` is Hong Kong's (the console in zh-HK sends `lang: zh_CN` with
 * `Accept-Language: zh-HK`; api-contract `parseLang`).
 */
export function requestLang(headers: Record<string, unknown>): Lang {
  return parseLang(headers.lang, headers['accept-language']);
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
  mobile: { zh_CN: '手机号', en_US: 'Phone number', zh_HK: '手機號' },
  email: { zh_CN: '邮箱', en_US: 'E-mail', zh_HK: '郵箱' },
  jobNumber: { zh_CN: '工号', en_US: 'Job number', zh_HK: '工號' },
  name: { zh_CN: '名称', en_US: 'Name', zh_HK: '名稱' },
  code: { zh_CN: '编码', en_US: 'Code', zh_HK: '編碼' },
  value: { zh_CN: '字典值', en_US: 'Value', zh_HK: '字典值' },
  projectNo: { zh_CN: '项目编号', en_US: 'Project number', zh_HK: '項目編號' },
};

export function fieldName(lang: Lang, field: string): string {
  return FIELD_NAMES[field]?.[lang] ?? field;
}
