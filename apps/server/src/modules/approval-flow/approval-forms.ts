import type { FormBinding, Locale, StartableFlow } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import type { FormSchema } from '../sys-form/form-schema.js';
import { invalidFields } from '../sys-form/form-validator.js';
import { SysFormDataService } from '../sys-form/sys-form-data.service.js';
import { SysFormService } from '../sys-form/sys-form.service.js';

/**
 * The forms a flow binds: a published form of the form designer (filled, validated and kept by the
 * sys-form module's services, so its submissions list shows approval requests too), or the built-in
 * request form (title, amount, reason), validated here with the same validator.
 */

const BUILTIN_ID = 'approval-builtin-v1';

/** The built-in form's schema; only the titles depend on the language. */
function builtinSchema(locale: Locale): FormSchema {
  return {
    type: 'object',
    properties: {
      title: { type: 'string', title: t(locale, 'approvalFlow.builtin.title'), minLength: 1, maxLength: 100 },
      amount: { type: 'number', title: t(locale, 'approvalFlow.builtin.amount'), minimum: 0, maximum: 1e12 },
      reason: { type: 'string', title: t(locale, 'approvalFlow.builtin.reason'), maxLength: 1000 },
    },
    required: ['title'],
    additionalProperties: false,
  };
}
const BUILTIN_UI = { reason: { 'ui:widget': 'textarea' }, 'ui:order': ['title', 'amount', 'reason'] };

export type FormOfFlow = StartableFlow['form'];

export class ApprovalForms {
  private readonly forms: SysFormService;
  private readonly data: SysFormDataService;

  constructor(ctx: AppContext) {
    this.forms = new SysFormService(ctx);
    this.data = new SysFormDataService(ctx);
  }

  /** A designer form may be bound only while it is enabled and has a published version. */
  async assertBindable(principal: Principal, binding: FormBinding): Promise<void> {
    if (binding.kind === 'builtin') return;
    const form = await this.forms.detail(principal, binding.formId).catch(() => {
      throw badRequest('approvalFlow.formMissing');
    });
    if (form.status !== 1 || form.publishedVersion === 0) throw badRequest('approvalFlow.formNotPublished');
  }

  /** The form to fill (the published version) or to show (`version`, as it was submitted), or the built-in one. */
  async formOf(principal: Principal, locale: Locale, binding: FormBinding, at?: number): Promise<FormOfFlow> {
    if (binding.kind === 'builtin')
      return {
        kind: 'builtin',
        formId: null,
        version: 0,
        schema: builtinSchema(locale),
        uiSchema: BUILTIN_UI,
      };
    const form = await this.forms.detail(principal, binding.formId).catch(() => {
      throw badRequest('approvalFlow.formMissing');
    });
    const wanted = at ?? form.publishedVersion;
    if (at === undefined && (form.status !== 1 || wanted === 0))
      throw badRequest('approvalFlow.formNotPublished');
    const [version] = await this.forms.versions(principal, { formId: form.id, version: wanted });
    if (!version || !('schema' in version)) throw badRequest('approvalFlow.formNotPublished');
    return {
      kind: 'form',
      formId: form.id,
      version: wanted,
      schema: version.schema,
      uiSchema: version.uiSchema,
    };
  }

  /**
   * Validates the answers against the bound form and answers the version they were checked against;
   * a designer form's answers are kept as one of its submissions. A refusal is a localized 400.
   */
  async accept(principal: Principal, binding: FormBinding, data: Record<string, unknown>): Promise<number> {
    if (binding.kind === 'builtin') {
      const refused = invalidFields(BUILTIN_ID, builtinSchema('en'), data);
      if (refused.length > 0) throw badRequest('approvalFlow.invalidData', { fields: refused.join(', ') });
      return 0;
    }
    const form = await this.forms.detail(principal, binding.formId).catch(() => {
      throw badRequest('approvalFlow.formMissing');
    });
    await this.data.submit(principal, { formId: form.id, version: form.publishedVersion, data });
    return form.publishedVersion;
  }
}
