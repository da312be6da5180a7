import { passwordPolicyIssues } from '@lintel/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** SPEC 5 policy for the new password: 6-16 characters, upper, lower, digit and special character. */
export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('personal.password.newRequired') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || passwordPolicyIssues(value).length === 0
          ? Promise.resolve()
          : Promise.reject(new Error(t('personal.password.policy'))),
    },
  ];
}

/** The confirmation must repeat the new password (SPEC 5: "the two passwords do not match"). */
export function confirmPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('personal.password.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        !value || value === getFieldValue('passwordNew')
          ? Promise.resolve()
          : Promise.reject(new Error(t('personal.password.mismatch'))),
    }),
  ];
}
