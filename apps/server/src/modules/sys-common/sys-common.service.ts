import type { FastifyInstance } from 'fastify';
import type { ApiListItem, Locale, SmKeyPairOutput } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { generateSm2KeyPair, sm2Encrypt } from '../../platform/crypto/sm2.js';
import { ImportErrorBooks } from '../../platform/export/import-error-book.js';
import { exportHeaders } from '../../platform/export/table-export.js';
import { badRequest } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { t } from '../../platform/i18n/index.js';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

interface OpenApiOperation {
  tags?: string[];
  summary?: string;
}

/**
 * The small tools of Admin.NET's sysCommon controller: the API list, SM2 key pairs, text encrypted
 * for this server, and the error-marked workbook of the caller's last import.
 */
export class SysCommonService {
  private readonly errorBooks: ImportErrorBooks;

  constructor(private readonly ctx: AppContext) {
    this.errorBooks = new ImportErrorBooks(ctx.cache);
  }

  /** Every /api route of the OpenAPI document, grouped by its tag and named by its summary. */
  apiList(app: FastifyInstance): ApiListItem[] {
    const paths = (app.swagger().paths ?? {}) as Record<string, Record<string, OpenApiOperation>>;
    return Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        METHODS.filter((method) => operations[method]).map((method) => ({
          groupName: operations[method]!.tags?.[0] ?? path.split('/')[2]!,
          displayName: operations[method]!.summary ?? '',
          routeName: path.slice(1),
          method: method.toUpperCase(),
        })),
      );
  }

  /**
   * A key pair made for this call only: the server's own pair (ctx.keys) never leaves it (Admin.NET
   * leaked its private key through this operation until May 2025).
   */
  smKeyPair(): SmKeyPairOutput {
    return generateSm2KeyPair();
  }

  /**
   * The text encrypted with the server's SM2 public key, as the sign-in page encrypts a password:
   * what a tester pastes into a sign-in call or the swagger login. Only the server can read it.
   */
  encryptPlainText(plainText: string): string {
    return sm2Encrypt(plainText, this.ctx.keys.sm2PublicKey);
  }

  async errorWorkbook(principal: Principal, locale: Locale, fileName: string | undefined) {
    const book = await this.errorBooks.read(principal);
    if (!book) throw badRequest('sysCommon.errorBookExpired');
    // Admin.NET's default name: a word and the local time, yyyyMMddHHmmss.
    const stamp = formatIso(new Date()).slice(0, 19).replace(/\D/g, '');
    const name = fileName?.trim() || `${t(locale, 'sysCommon.errorBookName')}_${stamp}`;
    return { book, headers: exportHeaders('xlsx', name) };
  }
}
