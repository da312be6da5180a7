/**
 * Shapes of the personal centre (avatar and signature uploads, editable profile fields), the personal
 * schedule calendar, the changelog and the tenant's layout choices, with the rules both sides check
 * the same way (password policy, schedule times, upload size). The own profile, password change and
 * system-info bodies are TypeBox schemas in wire/user-profile.ts and wire/sys-info.ts.
 */

/** SPEC 5 and 9: a password has 6 to 16 characters with upper and lower case, a digit and a special character. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;

export type PasswordIssue = 'length' | 'upper' | 'lower' | 'digit' | 'special';

/** What a password lacks under the policy; empty when it passes. */
export function passwordPolicyIssues(password: string): PasswordIssue[] {
  const issues: PasswordIssue[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) issues.push('length');
  if (!/[A-Z]/.test(password)) issues.push('upper');
  if (!/[a-z]/.test(password)) issues.push('lower');
  if (!/[0-9]/.test(password)) issues.push('digit');
  if (!/[^A-Za-z0-9\s]/.test(password)) issues.push('special');
  return issues;
}

/** SPEC 5 and 9: uploads are at most 10 MB. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The fields an account may change about itself; everything else (account, status, org, roles) is the administrators'. */
export const BASE_INFO_EDITABLE = [
  'realName',
  'nickName',
  'sex',
  'birthday',
  'nation',
  'phone',
  'cardType',
  'idCardNum',
  'email',
  'address',
  'cultureLevel',
  'politicalOutlook',
  'college',
  'officePhone',
  'emergencyContact',
  'emergencyPhone',
  'emergencyAddress',
  'introduction',
] as const;

/** A stored upload: the address it is served at. */
export interface UploadResult {
  id: string;
  url: string;
}

/** Schedule entry status: open, done. */
export const ScheduleStatus = { Open: 0, Done: 1 } as const;
export type ScheduleStatus = (typeof ScheduleStatus)[keyof typeof ScheduleStatus];

/** A personal calendar entry; dates are YYYY-MM-DD, times HH:mm. */
export interface ScheduleItem {
  id: string;
  scheduleTime: string;
  startTime: string;
  endTime: string;
  content: string;
  status: ScheduleStatus;
  createTime: string;
}

export interface ScheduleInput {
  scheduleTime: string;
  startTime: string;
  endTime: string;
  content: string;
  status?: ScheduleStatus;
}

/** Entries between two days, both included. */
export interface SchedulePageInput {
  startTime?: string;
  endTime?: string;
}

export const TIME_OF_DAY_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$';
export const DAY_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

/** One release of the update log (GET /api/sysCommon/changelog). */
export interface ChangelogEntry {
  date: string;
  title: string;
  items: string[];
}

export interface ChangelogResult {
  version: string;
  entries: ChangelogEntry[];
}

/** The tenant's sign-in page layouts and page animations (saveSysInfo `layout`, `animation`). */
export const LAYOUTS = ['defaults', 'classic', 'transverse', 'columns'] as const;
export const ANIMATIONS = ['fadeDown', 'slide-right', 'slide-left', 'opacitys'] as const;
