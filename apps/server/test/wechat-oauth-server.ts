import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * WeChat's web sign-in endpoints for tests, on 127.0.0.1 and a random port, answering as WeChat does:
 * `/connect/qrconnect` (Open Platform website QR login) and `/connect/oauth2/authorize` (Official
 * Account) send the browser back with a code, as they do once the person scanned or consented;
 * `/sns/oauth2/access_token` checks appid, secret and the single-use code; `/sns/userinfo` answers
 * the person's profile for the token and openid. Every refusal is HTTP 200 with errcode/errmsg.
 */
export interface WechatPerson {
  openid: string;
  unionid?: string;
  nickname?: string;
  headimgurl?: string;
}

export interface WechatOAuthServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  appId: string;
  appSecret: string;
  /** The person the next authorization signs in as. */
  signInAs(person: WechatPerson): void;
  /** The next access_token call answers this errcode instead of a token. */
  failNextToken(errcode: number, errmsg: string): void;
  /** Every request, newest last: method, path and query (for assertions on what the client sent). */
  requests: { path: string; query: URLSearchParams }[];
  /** errcodes answered, newest last. */
  refusals: number[];
  close(): Promise<void>;
}

interface Grant {
  person: WechatPerson;
  scope: string;
}

const rid = () => `${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;

/** WeChat answers JSON as text/plain on its sns endpoints. */
function answer(res: http.ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(JSON.stringify(body));
}

export async function startWechatOAuthServer(): Promise<WechatOAuthServer> {
  const appId = `wx${randomBytes(8).toString('hex')}`;
  const appSecret = randomBytes(16).toString('hex');
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const requests: WechatOAuthServer['requests'] = [];
  const refusals: number[] = [];
  let next: WechatPerson = { openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M' };
  let tokenFailure: { errcode: number; errmsg: string } | undefined;

  const refuse = (res: http.ServerResponse, errcode: number, errmsg: string) => {
    refusals.push(errcode);
    answer(res, { errcode, errmsg: `${errmsg}, rid: ${rid()}` });
  };

  const authorize = (url: URL, res: http.ServerResponse, scopes: string[]) => {
    const q = url.searchParams;
    const redirect = q.get('redirect_uri');
    const scope = q.get('scope') ?? '';
    // WeChat shows an error page (not a redirect) for a bad request here.
    if (
      q.get('appid') !== appId ||
      !redirect ||
      q.get('response_type') !== 'code' ||
      !scopes.includes(scope)
    ) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><body>参数错误</body></html>');
      return;
    }
    const code = randomBytes(16).toString('hex');
    grants.set(code, { person: next, scope });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    const state = q.get('state');
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    requests.push({ path: url.pathname, query: q });
    if (req.method !== 'GET') return refuse(res, 43001, 'require GET method');
    switch (url.pathname) {
      case '/connect/qrconnect':
        return authorize(url, res, ['snsapi_login']);
      case '/connect/oauth2/authorize':
        return authorize(url, res, ['snsapi_userinfo', 'snsapi_base']);
      case '/sns/oauth2/access_token': {
        if (tokenFailure) {
          const { errcode, errmsg } = tokenFailure;
          tokenFailure = undefined;
          return refuse(res, errcode, errmsg);
        }
        if (q.get('appid') !== appId) return refuse(res, 40013, 'invalid appid');
        if (q.get('secret') !== appSecret) return refuse(res, 40125, 'invalid appsecret');
        if (q.get('grant_type') !== 'authorization_code') return refuse(res, 40002, 'invalid grant_type');
        const code = q.get('code') ?? '';
        const grant = grants.get(code);
        if (!grant) return refuse(res, 40029, 'invalid code');
        grants.delete(code); // codes are single use
        const token = randomBytes(24).toString('hex');
        tokens.set(token, grant);
        return answer(res, {
          access_token: token,
          expires_in: 7200,
          refresh_token: randomBytes(24).toString('hex'),
          openid: grant.person.openid,
          scope: grant.scope,
          ...(grant.person.unionid ? { unionid: grant.person.unionid } : {}),
        });
      }
      case '/sns/userinfo': {
        const grant = tokens.get(q.get('access_token') ?? '');
        if (!grant) return refuse(res, 40001, 'invalid credential, access_token is invalid or not latest');
        if (q.get('openid') !== grant.person.openid) return refuse(res, 40003, 'invalid openid');
        if (grant.scope === 'snsapi_base') return refuse(res, 48001, 'api unauthorized');
        const { person } = grant;
        return answer(res, {
          openid: person.openid,
          nickname: person.nickname ?? '微信用户',
          sex: 0,
          language: '',
          city: '',
          province: '',
          country: '',
          headimgurl: person.headimgurl ?? '',
          privilege: [],
          ...(person.unionid ? { unionid: person.unionid } : {}),
        });
      }
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    requests,
    refusals,
    signInAs(person) {
      next = person;
    },
    failNextToken(errcode, errmsg) {
      tokenFailure = { errcode, errmsg };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
