/** User service (/api/kmct-user): authentication, the current user, menus, dictionaries, table heads. */
import { callEndpoint } from './endpoint';

export const userApi = {
  captcha: () => callEndpoint((c) => c.auth.captcha),
  verifyCaptcha: (captchaId: string, x: number) =>
    callEndpoint(
      (c) => c.auth.captchaVerify,
      { body: { captchaId, x } },
      { ignoreErrorMessage: true, ignoreCode: true },
    ),
  login: (body: { account: string; password: string; passToken: string; agreement: true }) =>
    callEndpoint((c) => c.auth.login, { body }),
  sendSmsCode: (mobile: string, passToken: string) =>
    callEndpoint((c) => c.auth.sendLoginSmsCode, { body: { mobile, passToken } }),
  sendMailCode: (email: string, passToken: string) =>
    callEndpoint((c) => c.auth.sendLoginMailCode, { body: { email, passToken } }),
  smsLogin: (
    body:
      | { mobile: string; code: string; agreement: true }
      | { email: string; code: string; agreement: true },
  ) => callEndpoint((c) => c.auth.smsLogin, { body }),
  wxAuthUrl: (redirectUri: string) => callEndpoint((c) => c.auth.wxAuthUrl, { query: { redirectUri } }),
  wxLogin: (code: string, state: string) =>
    callEndpoint((c) => c.auth.wxLogin, { body: { code, state, agreement: true } }),
  wxBind: (code: string, state: string) => callEndpoint((c) => c.user.wxBind, { body: { code, state } }),
  wxUnBind: () => callEndpoint((c) => c.user.wxUnBind, { body: {} }),
  logout: () =>
    callEndpoint((c) => c.auth.logout, { body: {} }, { ignoreErrorMessage: true, ignoreCode: true }),
  firstUpdatePassword: (password: string) =>
    callEndpoint((c) => c.auth.firstUpdatePassword, { body: { password } }),
  updatePassword: (oldPassword: string, password: string) =>
    callEndpoint((c) => c.user.updatePassword, { body: { oldPassword, password } }),
  checkPassword: (account: string | undefined, password: string) =>
    callEndpoint(
      (c) => c.user.checkPwd,
      { body: { account, password } },
      { ignoreErrorMessage: true, ignoreCode: true },
    ),
  currentUser: () => callEndpoint((c) => c.user.getCurrentUser),
  menus: () => callEndpoint((c) => c.user.getMenus),
  sysVersion: () => callEndpoint((c) => c.dict.sysVersion),
  dictTypes: (types: number[]) => callEndpoint((c) => c.dict.types, { body: { types } }),
  dictPage: (dictNo: number, page = 1, size = 99) =>
    callEndpoint((c) => c.dict.page, { body: { dictNo, page, size } }),
  tableHead: (code: string) => callEndpoint((c) => c.system.tableHeadGet, { body: { code } }),
  setTableHead: (code: string, dataIndexes: string[]) =>
    callEndpoint((c) => c.system.tableHeadSet, { body: { code, dataIndexes } }),
  deviceTicket: (origin: string) => callEndpoint((c) => c.system.deviceTicket, { body: { origin } }),
  /**
   * Forgot password (SPEC section 2: confirm the account, then reset). A code check spends the
   * code and answers a reset token valid 10 minutes; the reset sends that token, never the code.
   * SPEC: any HTTP status of 200 or above is an answer for the checks (its body code still decides).
   */
  checkSmsCode: (mobile: string, code: string) =>
    callEndpoint((c) => c.auth.checkSmsCode, { body: { mobile, code } }, { acceptStatus: 'any' }),
  checkEmailCode: (email: string, code: string) =>
    callEndpoint((c) => c.auth.checkEmailCode, { body: { email, code } }, { acceptStatus: 'any' }),
  resetPassword: (resetToken: string, password: string) =>
    callEndpoint((c) => c.auth.resetPassword, { body: { resetToken, password } }),
};
