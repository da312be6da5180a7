/**
 * Wire shapes of the personal centre (own profile, password, avatar and signature uploads), the
 * personal schedule calendar, the changelog and the tenant system-info settings, with the rules
 * both sides check the same way (password policy, schedule times, upload size).
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

/** SPEC 5: a mobile number has 11 digits, the first 1, the second 3 to 9. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';

/** The own account as the personal centre shows and edits it (GET/POST /api/sysUser/baseInfo). */
export interface BaseInfo {
  id: string;
  tenantId: string;
  account: string;
  realName: string | null;
  nickName: string | null;
  pinyin: string | null;
  avatar: string | null;
  signature: string | null;
  sex: number;
  age: number | null;
  birthday: string | null;
  nation: string | null;
  phone: string | null;
  cardType: number;
  idCardNum: string | null;
  email: string | null;
  address: string | null;
  cultureLevel: number | null;
  politicalOutlook: string | null;
  college: string | null;
  officePhone: string | null;
  emergencyContact: string | null;
  emergencyPhone: string | null;
  emergencyAddress: string | null;
  introduction: string | null;
  accountType: number;
  orgId: string | null;
  orgName: string | null;
  posId: string | null;
  posName: string | null;
  jobNum: string | null;
  jobTitle: string | null;
  employeeId: string | null;
  domainAccount: string | null;
  joinDate: string | null;
  status: number;
  roles: { id: string; code: string; name: string }[];
  lastLoginIp: string | null;
  lastLoginTime: string | null;
  lastChangePasswordTime: string | null;
  createTime: string;
}

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

export type BaseInfoUpdate = Partial<Pick<BaseInfo, (typeof BASE_INFO_EDITABLE)[number]>>;

/** Both fields SM2-encrypted like the sign-in password. */
export interface ChangePasswordInput {
  passwordOld: string;
  passwordNew: string;
}

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

/** POST /api/sysTenant/saveSysInfo: omitted fields stay as they are. */
export interface SaveSysInfoInput {
  tenantId?: string;
  title?: string;
  viceTitle?: string | null;
  viceDesc?: string | null;
  logo?: string | null;
  icp?: string | null;
  icpUrl?: string | null;
  watermark?: string | null;
  copyright?: string | null;
  themeColor?: string;
  layout?: 'defaults' | 'classic' | 'transverse' | 'columns';
  animation?: string;
  secondVer?: boolean;
  captcha?: boolean;
  forceChangePassword?: boolean;
  passwordExpirationTime?: number;
  i18NSwitch?: boolean;
  idleTimeout?: number;
  onlineNotice?: boolean;
}

export const LAYOUTS = ['defaults', 'classic', 'transverse', 'columns'] as const;
export const ANIMATIONS = ['fadeDown', 'slide-right', 'slide-left', 'opacitys'] as const;
