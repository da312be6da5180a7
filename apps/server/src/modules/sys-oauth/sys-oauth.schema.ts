import { OAUTH_CLIENT_AUTH_METHODS } from '@lintel/contracts';
import { Type } from 'typebox';
import { PageInputFields, PageOf } from '../../platform/http/paging.js';
import { Id, StatusValue } from '../../platform/http/schemas.js';
import { Text } from '../sys-dict-type/sys-dict-type.schema.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** A provider's code is a slug: it appears in sign-in addresses and in the personal centre. */
export const ProviderCode = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '^[a-z][a-z0-9_-]*$',
  description: 'Slug, unique in the tenant: github, gitee, google, keycloak...',
});

/** Endpoint URLs are checked further by the service (http or https only). */
const EndpointUrl = Type.String({ minLength: 1, maxLength: 512, pattern: '^\\S+$' });

/** OAUTH_PROTOCOLS, spelled out so that the static type is the union of the three. */
const Protocol = (options?: { description: string }) =>
  Type.Union([Type.Literal('oauth2'), Type.Literal('wechat_open'), Type.Literal('wechat_mp')], options);

const ProviderFields = {
  code: ProviderCode,
  name: Text({ minLength: 1, maxLength: 64 }),
  icon: Type.Optional(
    Type.String({
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]*$',
      description: 'antd icon name, e.g. GithubOutlined',
    }),
  ),
  protocol: Type.Optional(
    Protocol({
      description:
        'oauth2 (default): OAuth 2.0 / OpenID Connect; wechat_open: WeChat website QR login (Open ' +
        'Platform); wechat_mp: WeChat Official Account web authorisation',
    }),
  ),
  // Required for oauth2 (the service says which is missing); WeChat's own addresses when left out.
  authorizeUrl: Type.Optional(EndpointUrl),
  tokenUrl: Type.Optional(EndpointUrl),
  userinfoUrl: Type.Optional(EndpointUrl),
  clientId: Text({ minLength: 1, maxLength: 256, description: 'The client id; WeChat: the AppID' }),
  clientSecret: Type.Optional(
    Text({
      maxLength: 512,
      description: 'Write-only (WeChat: the AppSecret); on update, empty or absent keeps the stored secret',
    }),
  ),
  clientAuthMethod: Type.Optional(
    Type.Union(
      OAUTH_CLIENT_AUTH_METHODS.map((m) => Type.Literal(m)),
      { description: 'Client authentication at the token endpoint' },
    ),
  ),
  scope: Type.Optional(
    Text({ maxLength: 256, description: 'Space-separated scopes, e.g. "openid profile"' }),
  ),
  subjectClaim: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z_][A-Za-z0-9_.:-]*$',
      description: 'Userinfo field that identifies the user: "sub" (OIDC), "id" (GitHub)',
    }),
  ),
  status: Type.Optional(StatusValue),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Text({ maxLength: 256 })),
};

export const AddProviderBody = Type.Object(ProviderFields, { additionalProperties: false });
export const UpdateProviderBody = Type.Object({ id: Id, ...ProviderFields }, { additionalProperties: false });

export const PageProviderBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Text({ maxLength: 64, description: 'Name or code contains, case-insensitive' })),
  },
  { additionalProperties: false },
);

export const ProviderOutput = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  icon: Nullable(Type.String()),
  protocol: Protocol(),
  authorizeUrl: Type.String(),
  tokenUrl: Type.String(),
  userinfoUrl: Type.String(),
  clientId: Type.String(),
  clientSecretSet: Type.Boolean({ description: 'Whether a client secret is stored (it is never returned)' }),
  clientAuthMethod: Type.String(),
  scope: Type.String(),
  subjectClaim: Type.String(),
  status: Type.Integer({ description: '1 enabled, 2 disabled' }),
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
});
export const ProviderPage = PageOf(ProviderOutput);

export const TenantQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });

export const LoginProvider = Type.Object({
  code: Type.String(),
  name: Type.String(),
  icon: Nullable(Type.String()),
});

export const CodeParams = Type.Object({ code: ProviderCode }, { additionalProperties: false });

/** Admin.NET's sign-in start: `?provider=Weixin|Gitee&redirectUrl=` (provider codes are matched in lower case). */
export const AdminNetSignInQuery = Type.Object(
  {
    provider: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }),
    redirectUrl: Type.Optional(Type.String({ maxLength: 2048, description: 'Accepted, not followed' })),
    tenantId: Type.Optional(Id),
  },
  { additionalProperties: false },
);

/** What a provider sends back to the callback (RFC 6749 4.1.2 and 4.1.2.1). */
export const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 2048 })),
    state: Type.Optional(Type.String({ maxLength: 256 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    error_uri: Type.Optional(Type.String({ maxLength: 2048 })),
    session_state: Type.Optional(Type.String({ maxLength: 512 })),
    iss: Type.Optional(Type.String({ maxLength: 512 })),
    scope: Type.Optional(Type.String({ maxLength: 1024 })),
    authuser: Type.Optional(Type.String({ maxLength: 64 })),
    prompt: Type.Optional(Type.String({ maxLength: 64 })),
    hd: Type.Optional(Type.String({ maxLength: 256 })),
  },
  // Providers add fields of their own (Google: authuser, prompt, hd; Keycloak: session_state, iss).
  { additionalProperties: true },
);

export const ExchangeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 128, description: 'The one-time code of ?oauth=' }) },
  { additionalProperties: false },
);

export const ProviderCodeBody = Type.Object({ provider: ProviderCode }, { additionalProperties: false });

export const LinkResult = Type.Object({
  url: Type.String({ description: 'Open it to link at the provider' }),
});

export const BindingItem = Type.Object({
  code: Type.String(),
  name: Type.String(),
  icon: Nullable(Type.String()),
  bound: Type.Boolean(),
  bindTime: Nullable(Type.String()),
});
