/**
 * A password change the tenant's settings require before a session may do anything else
 * (tenant system info `forceChangePassword` and `passwordExpirationTime`).
 */

/** Why the account must change its password: never changed it itself, or it is too old. */
export type PasswordChangeReason = 'firstSignIn' | 'expired';

/**
 * The header of the 403 that refuses a call until the password is changed; its value is the
 * reason. The web client recognises the refusal by it and opens the change-password screen.
 */
export const PASSWORD_CHANGE_HEADER = 'password-change';

/** The signed-in page where the password is changed (outside the shell: no menus load there). */
export const CHANGE_PASSWORD_PATH = '/changePassword';
