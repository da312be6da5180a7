import { CONST_TYPES, DataScope } from '@lintel/contracts';

/**
 * What every new tenant starts with (the default tenant at first start, and each tenant created
 * later): its roles, dictionaries and settings. The seed builds on this, not the reverse.
 */

/** The password of the demo accounts (demo mode only; production generates passwords). */
export const DEMO_PASSWORD = 'Lintel@2026';

/** Five roles, one per data scope. */
export const ROLES = [
  { id: '1300000000401', name: '系统管理员', code: 'sys_admin', dataScope: DataScope.All },
  { id: '1300000000402', name: '本部门及以下数据', code: 'sys_deptChild', dataScope: DataScope.DeptChild },
  { id: '1300000000403', name: '本部门数据', code: 'sys_dept', dataScope: DataScope.Dept },
  { id: '1300000000404', name: '仅本人数据', code: 'sys_self', dataScope: DataScope.Self },
  { id: '1300000000405', name: '自定义数据', code: 'sys_define', dataScope: DataScope.Define },
];

/** Dictionary types: every shared enum, plus organisation types. Labels in the default locale. */
const ENUM_LABELS: Record<string, { name: string; labels: Record<string, string> }> = {
  AccountType: {
    name: '账号类型',
    labels: {
      SuperAdmin: '超级管理员',
      SysAdmin: '系统管理员',
      NormalUser: '普通账号',
      Member: '会员',
      Other: '其他',
    },
  },
  Status: { name: '状态', labels: { Enable: '启用', Disable: '停用' } },
  Gender: { name: '性别', labels: { Unknown: '未知', Male: '男', Female: '女', Unspecified: '未说明' } },
  DataScope: {
    name: '数据范围',
    labels: {
      All: '全部数据',
      DeptChild: '本部门及以下数据',
      Dept: '本部门数据',
      Self: '仅本人数据',
      Define: '自定义数据',
    },
  },
  MenuType: { name: '菜单类型', labels: { Dir: '目录', Menu: '菜单', Btn: '按钮' } },
  CardType: {
    name: '证件类型',
    labels: {
      IdCard: '身份证',
      Passport: '护照',
      BirthCertificate: '出生证',
      HkMacauPass: '港澳通行证',
      ForeignerResidence: '外国人居留证',
    },
  },
  CultureLevel: {
    name: '文化程度',
    labels: {
      PrimarySchool: '小学',
      JuniorHigh: '初中',
      SeniorHigh: '高中',
      TechnicalSchool: '中专',
      VocationalEducation: '职业教育',
      VocationalHigh: '职高',
      TechnicalCollege: '技校',
      JuniorCollege: '大专',
      Bachelor: '本科',
      Master: '硕士',
      Doctor: '博士',
    },
  },
  TenantType: { name: '租户类型', labels: { Id: '共享数据库', Db: '独立数据库' } },
  YesNo: { name: '是否', labels: { Y: '是', N: '否' } },
};

const TAGS: Record<string, string> = { Enable: 'success', Disable: 'danger', Y: 'success', N: 'danger' };

export const DICTS = [
  ...Object.entries(CONST_TYPES).map(([typeName, values]) => ({
    code: `${typeName}Enum`,
    name: ENUM_LABELS[typeName]?.name ?? typeName,
    data: Object.entries(values).map(([key, value]) => ({
      label: ENUM_LABELS[typeName]?.labels[key] ?? key,
      value: String(value),
      code: key,
      tagType: TAGS[key] ?? 'primary',
    })),
  })),
  {
    code: 'org_type',
    name: '机构类型',
    data: [
      { label: '集团', value: '101', code: 'group', tagType: 'primary' },
      { label: '公司', value: '102', code: 'company', tagType: 'primary' },
      { label: '部门', value: '201', code: 'department', tagType: 'success' },
      { label: '小组', value: '301', code: 'team', tagType: 'info' },
      { label: '学校', value: '401', code: 'school', tagType: 'warning' },
      { label: '班级', value: '402', code: 'class', tagType: 'warning' },
    ],
  },
];

/** Tenant-level settings (`sys_config`), all built-in. */
export const CONFIGS = (demo: boolean, defaultPassword: string) =>
  [
    ['演示环境', 'sys_demo', demo ? 'True' : 'False', '演示模式在登录页提示演示账号'],
    ['默认密码', 'sys_password', defaultPassword, '新建或重置账号时未提供密码所用的密码'],
    ['密码最大错误次数', 'sys_password_max_error_times', '5', '达到次数后锁定账号 30 分钟'],
    ['日志保留天数', 'sys_log_retention_days', '180', '超过天数的日志会被清理'],
    ['记录操作日志', 'sys_oplog', 'True', ''],
    ['单用户登录', 'sys_single_login', 'False', '开启后同一账号只保留最新会话'],
    ['登录登出提醒', 'sys_login_out_reminder', 'False', ''],
    ['登录二次验证', 'sys_second_ver', 'False', '登录时使用滑块验证'],
    ['登录验证码', 'sys_captcha', 'True', '登录时需要图形验证码'],
    ['隐藏租户选择', 'sys_hide_tenant_login', 'True', ''],
    ['短信验证码有效期(秒)', 'sys_sms_code_ttl', '300', ''],
    ['短信重发等待(秒)', 'sys_sms_resend_wait', '60', ''],
    ['显示演示菜单', 'sys_demo_menus', demo ? 'True' : 'False', '关闭后本租户的菜单不再显示功能演示目录'],
  ].map(([name, code, value, remark], index) => ({
    name: name!,
    code: code!,
    value: value!,
    remark: remark || null,
    orderNo: 100 + index,
  }));
