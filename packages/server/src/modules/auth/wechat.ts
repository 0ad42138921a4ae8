/** OAuth2 provider behind WeChat login and binding; tests and the demo use the simulated one. */
export interface OAuthProvider {
  authorizeUrl(redirectUri: string, state: string): string;
  /** Exchanges an authorisation code for the provider's stable user id; throws if the code is bad. */
  exchange(code: string): Promise<{ openId: string }>;
}

export class OAuthCodeError extends Error {}

/**
 * Simulated WeChat: its "authorisation page" is the redirect itself with `code=sim_<openId>`;
 * any openId of 4-64 word characters is accepted.
 */
export class SimulatedWeChat implements OAuthProvider {
  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL(redirectUri);
    url.searchParams.set('code', 'sim_demo-wechat-user');
    url.searchParams.set('state', state);
    return url.toString();
  }
  async exchange(code: string): Promise<{ openId: string }> {
    const match = /^sim_([A-Za-z0-9_-]{4,64})$/.exec(code);
    if (!match?.[1]) throw new OAuthCodeError('invalid simulated code');
    return { openId: match[1] };
  }
}

/** WeChat Open Platform website login (snsapi_login). */
export class WeChatProvider implements OAuthProvider {
  constructor(
    private readonly appId: string,
    private readonly appSecret: string,
  ) {}
  authorizeUrl(redirectUri: string, state: string): string {
    const url = new URL('https://open.weixin.qq.com/connect/qrconnect');
    url.searchParams.set('appid', this.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', 'snsapi_login');
    url.searchParams.set('state', state);
    return `${url.toString()}#wechat_redirect`;
  }
  async exchange(code: string): Promise<{ openId: string }> {
    const url = new URL('https://api.weixin.qq.com/sns/oauth2/access_token');
    url.searchParams.set('appid', this.appId);
    url.searchParams.set('secret', this.appSecret);
    url.searchParams.set('code', code);
    url.searchParams.set('grant_type', 'authorization_code');
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { openid?: unknown; errcode?: unknown };
    if (typeof body.openid !== 'string')
      throw new OAuthCodeError(`WeChat refused the code (${String(body.errcode)})`);
    return { openId: body.openid };
  }
}
