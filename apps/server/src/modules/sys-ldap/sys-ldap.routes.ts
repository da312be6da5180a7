import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AddLdapBody,
  LdapOutput,
  LdapSyncBody,
  LdapSyncOutput,
  LdapTestOutput,
  PageLdapBody,
  UpdateLdapBody,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput, NoQuery } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { SysLdapService } from './sys-ldap.service.js';

const tags = ['sysLdap'];

/** `/api/sysLdap/*`: the tenant's directory setting, its test and its synchronisation (Admin.NET's paths). */
export const sysLdapRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysLdapService(ctx);
    const routes = standardRoutes(app, { controller: 'sysLdap', tags });

    routes.page({
      summary: 'Page of the directory settings (one per tenant); the bind password is never answered',
      body: PageLdapBody,
      response: PageOf(LdapOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.list({
      summary: 'The directory settings of the tenant',
      querystring: NoQuery,
      response: Type.Array(LdapOutput),
      handler: (request) => service.list(principalOf(request)),
    });
    routes.detail({
      summary: 'One directory setting',
      querystring: IdInput,
      response: LdapOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary: 'Add the tenant’s directory setting (one per tenant); the bind password is sealed',
      body: AddLdapBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Change the directory setting; an empty bind password keeps the saved one',
      body: UpdateLdapBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete the directory setting (linked accounts sign in with their own password again)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
    app.post(
      '/testConnection',
      {
        config: { permission: 'sysLdap:testConnection' },
        schema: {
          tags,
          summary: 'Connect and bind as the service account; count the people and units the setting reads',
          body: IdInput,
          response: { 200: Wrapped(LdapTestOutput) },
        },
      },
      async (request) => ok(await service.testConnection(principalOf(request), request.body.id)),
    );
    for (const [action, what] of [
      ['syncDept', 'units'],
      ['syncUser', 'people'],
    ] as const) {
      app.post(
        `/${action}`,
        {
          config: { permission: `sysLdap:${action}` },
          schema: {
            tags,
            summary:
              what === 'units'
                ? 'Organisational units become organisations under the first top-level one (preview: report only)'
                : 'People of the sign-in filter become linked accounts: added, updated or linked by name (preview: report only)',
            body: LdapSyncBody,
            response: { 200: Wrapped(LdapSyncOutput) },
          },
        },
        async (request) => ok(await service.sync(principalOf(request), request.locale, request.body, what)),
      );
    }
  };
