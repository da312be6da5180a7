import { AccountType } from '@lintel/contracts';
import { CONFIGS, DEMO_PASSWORD, DICTS, ROLES } from '../../modules/sys-tenant/tenant-basics.js';

export { CONFIGS, DEMO_PASSWORD, DICTS, ROLES };

/** The fixed ids of the default tenant and its seeded records (stable across installs). */
export const SEED_IDS = {
  tenant: '1300000000001',
  superAdmin: '1300000000101',
  admin: '1300000000111',
  staff: '1300000000112',
  member: '1300000000113',
  other: '1300000000114',
  rootOrg: '1300000000201',
} as const;

export const ORGS = [
  { id: SEED_IDS.rootOrg, pid: '0', name: '系统默认', code: '1001', level: 1, type: '101', orderNo: 100 },
  {
    id: '1300000000202',
    pid: SEED_IDS.rootOrg,
    name: '市场部',
    code: '100101',
    level: 2,
    type: '201',
    orderNo: 100,
  },
  {
    id: '1300000000203',
    pid: SEED_IDS.rootOrg,
    name: '开发部',
    code: '100102',
    level: 2,
    type: '201',
    orderNo: 101,
  },
  {
    id: '1300000000204',
    pid: '1300000000203',
    name: '前端组',
    code: '10010201',
    level: 3,
    type: '301',
    orderNo: 100,
  },
  {
    id: '1300000000205',
    pid: SEED_IDS.rootOrg,
    name: '售后部',
    code: '100103',
    level: 2,
    type: '201',
    orderNo: 102,
  },
  {
    id: '1300000000206',
    pid: SEED_IDS.rootOrg,
    name: '其他',
    code: '100104',
    level: 2,
    type: '201',
    orderNo: 103,
  },
];

export const POSITIONS = [
  ['1300000000301', '董事长', 'chairman'],
  ['1300000000302', '总经理', 'general_manager'],
  ['1300000000303', '部门经理', 'department_manager'],
  ['1300000000304', '项目经理', 'project_manager'],
  ['1300000000305', '主管', 'supervisor'],
  ['1300000000306', '职员', 'staff'],
  ['1300000000307', '实习生', 'intern'],
].map(([id, name, code], index) => ({ id: id!, name: name!, code: code!, orderNo: 100 + index }));

export const USERS = [
  {
    id: SEED_IDS.superAdmin,
    account: 'superAdmin',
    realName: '超级管理员',
    accountType: AccountType.SuperAdmin,
    orgId: SEED_IDS.rootOrg,
    posId: '1300000000301',
    roleCode: null,
    email: 'superadmin@lintel.local',
    phone: '13800000001',
  },
  {
    id: SEED_IDS.admin,
    account: 'admin',
    realName: '系统管理员',
    accountType: AccountType.SysAdmin,
    orgId: SEED_IDS.rootOrg,
    posId: '1300000000302',
    roleCode: null,
    email: 'admin@lintel.local',
    phone: '13800000002',
  },
  {
    id: SEED_IDS.staff,
    account: 'staff',
    realName: '张工',
    accountType: AccountType.NormalUser,
    orgId: '1300000000203',
    posId: '1300000000304',
    roleCode: 'sys_deptChild',
    email: 'staff@lintel.local',
    phone: '13800000003',
  },
  {
    id: SEED_IDS.member,
    account: 'member',
    realName: '李同学',
    accountType: AccountType.Member,
    orgId: '1300000000206',
    posId: '1300000000307',
    roleCode: 'sys_self',
    email: 'member@lintel.local',
    phone: '13800000004',
  },
  {
    id: SEED_IDS.other,
    account: 'contact',
    realName: '王联系人',
    accountType: AccountType.Other,
    orgId: '1300000000206',
    posId: null,
    roleCode: null,
    email: 'contact@lintel.local',
    phone: '13800000005',
  },
];
