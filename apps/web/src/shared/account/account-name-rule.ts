import { isAccountName } from '@lintel/contracts';
import type { FormRule } from 'antd';

/**
 * The account-name check of the forms: the server's rule (@lintel/contracts account-rules), so a
 * name the form accepts is one the API accepts. An empty value is left to the `required` rule.
 */
export const accountNameRule = (message: string): FormRule => ({
  validator: (_rule, value?: string) =>
    !value || isAccountName(value) ? Promise.resolve() : Promise.reject(new Error(message)),
});
