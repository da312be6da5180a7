/**
 * The account-name and mobile-number rules, in one place: the server's request schemas carry them
 * (and the account import checks its rows with them), the web forms check the same before sending.
 */

/** An account name: 2 to 32 letters, digits and `_ . @ -` (the sign-in name, unique in a tenant). */
export const ACCOUNT_NAME_PATTERN = '^[A-Za-z0-9_.@-]+$';
export const ACCOUNT_NAME_MIN_LENGTH = 2;
export const ACCOUNT_NAME_MAX_LENGTH = 32;

/** The account-name rule as JSON-schema string options, for every schema that takes an account name. */
export const ACCOUNT_NAME = {
  minLength: ACCOUNT_NAME_MIN_LENGTH,
  maxLength: ACCOUNT_NAME_MAX_LENGTH,
  pattern: ACCOUNT_NAME_PATTERN,
} as const;

const ACCOUNT_NAME_REGEXP = new RegExp(ACCOUNT_NAME_PATTERN);

/** True when `value` is a valid account name (length and characters). */
export function isAccountName(value: string): boolean {
  return (
    value.length >= ACCOUNT_NAME_MIN_LENGTH &&
    value.length <= ACCOUNT_NAME_MAX_LENGTH &&
    ACCOUNT_NAME_REGEXP.test(value)
  );
}

/** SPEC 5: a mobile number has 11 digits, the first 1, the second 3 to 9. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';

const PHONE_REGEXP = new RegExp(PHONE_PATTERN);

/** True when `value` is a mobile number (SPEC 5). */
export function isPhone(value: string): boolean {
  return PHONE_REGEXP.test(value);
}
