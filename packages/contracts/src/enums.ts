/**
 * Enumerations shared by the server and the web app. Numeric values follow the wire conventions of
 * the API our clients were written for (see shared/reference/admin-net.md), so stored data and
 * payloads stay compatible. Each enum is also served by `sysConst` and seeded as a dictionary.
 */

export const AccountType = {
  SuperAdmin: 999,
  SysAdmin: 888,
  NormalUser: 777,
  Member: 666,
  /** Records of people who may not sign in to the back office (contacts, external staff). */
  Other: 555,
} as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

/** Account types allowed to sign in to the back office. */
export const LOGIN_ACCOUNT_TYPES: readonly AccountType[] = [
  AccountType.SuperAdmin,
  AccountType.SysAdmin,
  AccountType.NormalUser,
  AccountType.Member,
];

export const Status = { Enable: 1, Disable: 2 } as const;
export type Status = (typeof Status)[keyof typeof Status];

/** ISO/IEC 5218 codes. */
export const Gender = { Unknown: 0, Male: 1, Female: 2, Unspecified: 9 } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];

export const DataScope = { All: 1, DeptChild: 2, Dept: 3, Self: 4, Define: 5 } as const;
export type DataScope = (typeof DataScope)[keyof typeof DataScope];

export const MenuType = { Dir: 1, Menu: 2, Btn: 3 } as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

export const CardType = {
  IdCard: 0,
  Passport: 1,
  BirthCertificate: 2,
  HkMacauPass: 3,
  ForeignerResidence: 4,
} as const;
export type CardType = (typeof CardType)[keyof typeof CardType];

export const CultureLevel = {
  PrimarySchool: 1,
  JuniorHigh: 2,
  SeniorHigh: 3,
  TechnicalSchool: 4,
  VocationalEducation: 5,
  VocationalHigh: 6,
  TechnicalCollege: 7,
  JuniorCollege: 8,
  Bachelor: 9,
  Master: 10,
  Doctor: 11,
} as const;
export type CultureLevel = (typeof CultureLevel)[keyof typeof CultureLevel];

export const TenantType = { Id: 0, Db: 1 } as const;
export type TenantType = (typeof TenantType)[keyof typeof TenantType];

export const YesNo = { Y: 'Y', N: 'N' } as const;
export type YesNo = (typeof YesNo)[keyof typeof YesNo];

/** Every enum that `sysConst` serves, by its type name. */
export const CONST_TYPES = {
  AccountType,
  Status,
  Gender,
  DataScope,
  MenuType,
  CardType,
  CultureLevel,
  TenantType,
  YesNo,
} as const;
export type ConstTypeName = keyof typeof CONST_TYPES;
