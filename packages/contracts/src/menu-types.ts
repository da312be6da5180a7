/**
 * The shapes of the permission registry (menus.ts): directories and pages with their buttons, and the
 * `buttons()` helper that names each action of a controller with its default (Chinese) title, as the
 * reference seed does; the web app shows translated action names instead.
 */

import { permissionCode, type ActionOf, type Controller, type PermissionCode } from './permissions.js';

export type MenuScope = 'platform' | 'tenant';

export interface MenuButton {
  type: 'btn';
  /** Permission code `{controller}:{action}` of the registry (permissions.ts), also the stable key. */
  permission: PermissionCode;
  title: string;
}

export interface MenuPage {
  type: 'dir' | 'menu';
  key: string;
  /** Route name: the web app translates it (`routes.<name>`) and keys views on it. */
  name: string;
  title: string;
  path: string;
  component?: string;
  redirect?: string;
  icon?: string;
  order: number;
  isHide?: boolean;
  isKeepAlive?: boolean;
  isAffix?: boolean;
  isIframe?: boolean;
  outLink?: string;
  /**
   * Reached by every signed-in account of every tenant, whatever its roles and its tenant's grants
   * (the personal centre, the about page): the principal adds it to the visible menus.
   */
  allUsers?: boolean;
  children: MenuNode[];
}

export type MenuNode = MenuPage | MenuButton;

/**
 * A page a module-kit module adds (packages/contracts/src/modules/): placed under the directory
 * `parent` (a top-level key of the registry), with buttons for the named actions of its controller.
 */
export interface ModuleMenu extends Omit<MenuPage, 'type' | 'children'> {
  parent: string;
  buttons: readonly string[];
}

export interface MenuDefinition extends Omit<MenuPage, 'children'> {
  scope: MenuScope;
  children: MenuNode[];
}

const ACTION_TITLES: Record<string, string> = {
  page: '查询',
  list: '列表',
  detail: '详情',
  add: '增加',
  update: '编辑',
  delete: '删除',
  setStatus: '设置状态',
  copy: '复制',
  grantMenu: '授权菜单',
  grantDataScope: '授权数据范围',
  grantApi: '接口黑名单',
  grantUser: '授权账号',
  grantRoleTable: '字段黑名单',
  grantRole: '授权角色',
  resetPwd: '重置密码',
  unlockLogin: '解除锁定',
  forceOffline: '强制下线',
  sendMessage: '发送消息',
  userList: '租户账号',
  export: '导出',
  clear: '清空',
  import: '导入',
  createDb: '创建数据库',
  initTenantDb: '初始化数据库',
  initTenantData: '初始化数据',
  changeTenant: '切换租户',
  goTenant: '进入租管端',
  syncGrantMenu: '同步授权菜单',
  syncTenantDb: '同步数据库',
  tableList: '表列表',
  columnList: '列列表',
  visualDbTable: '库表可视化',
  createSeedData: '导出种子数据',
  addTable: '增加表',
  updateTable: '编辑表',
  deleteTable: '删除表',
  addColumn: '增加列',
  updateColumn: '编辑列',
  deleteColumn: '删除列',
  syncField: '同步字段',
  preview: '预览',
  download: '下载',
  runLocal: '生成到本项目',
  public: '发布',
  cancel: '撤销',
  sendUser: '发送给账号',
  sendUsers: '发送给多个账号',
  sendAllUser: '发送给所有人',
  sendOtherUser: '发送给其他人',
  publish: '发布版本',
  versions: '版本历史',
  submit: '提交',
  testConnection: '测试连接',
  view: '查看报表',
  secret: '重置密钥',
  generateSignature: '生成签名',
  next: '取号',
  stressTest: '开始压测',
  apiList: '接口列表',
  smKeyPair: '生成国密密钥对',
  encryptPlainText: '加密字符串',
  broker: '内置服务器',
  docs: '接口文档',
  frontPage: '页面内容',
  frontBtnAdd: '演示新增',
  frontBtnEdit: '演示编辑',
  frontBtnDelete: '演示删除',
  backEndPage: '后端数据',
  chart: '图表数据',
  screen: '大屏数据',
  info: '按编码查询',
  mine: '我的申请',
  flows: '可发起流程',
  resubmit: '重新提交',
  withdraw: '撤回',
  todo: '我的待办',
  approve: '同意',
  reject: '驳回',
  return: '退回',
  setting: '商户配置',
  saveSetting: '保存商户配置',
  payTransactionNative: 'Native下单',
  payTransaction: 'JSAPI下单',
  payPartnerTransaction: '服务商下单',
  payInfo: '订单详情',
  payInfoFromWechat: '从微信查询',
  close: '关闭订单',
  refundDomestic: '退款',
  refundInfoFromWechat: '查询退款',
  listRefund: '退款列表',
};

export function buttons<C extends Controller>(controller: C, actions: readonly ActionOf<C>[]): MenuButton[] {
  return actions.map((action) => ({
    type: 'btn',
    permission: permissionCode(controller, action),
    title: ACTION_TITLES[action] ?? action,
  }));
}
