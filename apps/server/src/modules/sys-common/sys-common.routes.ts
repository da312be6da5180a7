import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ApiListItem,
  DownloadErrorExcelQuery,
  EncryptPlainTextParams,
  NoQuery,
  SmKeyPairOutput,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { stressTestRoutes } from './stress-test.routes.js';
import { SysCommonService } from './sys-common.service.js';

const tags = ['sysCommon'];

/**
 * `/api/sysCommon`: Admin.NET's common tools. The API list, key pairs and encryption are developer
 * tools of the platform's API documentation page (super admin); the error workbook is every
 * importer's own, so any signed-in account fetches its own and nobody else's.
 */
export const sysCommonRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysCommonService(ctx);
    await app.register(stressTestRoutes(ctx));

    app.get(
      '/apiList',
      {
        config: { permission: 'sysCommon:apiList' },
        schema: {
          tags,
          summary: 'Every API route of this server: group (controller), summary, path and method',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(ApiListItem)) },
        },
      },
      async (request) => ok(service.apiList(request.server)),
    );

    app.get(
      '/smKeyPair',
      {
        config: { permission: 'sysCommon:smKeyPair' },
        schema: {
          tags,
          summary: 'A freshly generated SM2 key pair (hex), never the server’s own',
          querystring: NoQuery,
          response: { 200: Wrapped(SmKeyPairOutput) },
        },
      },
      async () => ok(service.smKeyPair()),
    );

    app.post(
      '/encryptPlainText/:plainText',
      {
        config: { permission: 'sysCommon:encryptPlainText' },
        schema: {
          tags,
          summary:
            'The text SM2-encrypted (C1C3C2, hex) with the server’s public key, as the sign-in page sends ' +
            'a password. The text is in the path (Admin.NET’s contract): logs show it redacted.',
          params: EncryptPlainTextParams,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(service.encryptPlainText(request.params.plainText)),
    );

    app.post(
      '/downloadErrorExcelTemp',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'The caller’s last import file with its refused rows marked (kept 30 minutes after an ' +
            'import with errors); 400 when there is none',
          querystring: DownloadErrorExcelQuery,
        },
      },
      async (request, reply) => {
        const { book, headers } = await service.errorWorkbook(
          principalOf(request),
          request.locale,
          request.query.fileName,
        );
        return reply.headers(headers).send(book);
      },
    );
  };
