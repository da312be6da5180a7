import { MODULE_PERMISSIONS } from './modules/index.js';

/**
 * Every permission code of the product, as `${controller}:${action}` of this object (SPEC 6: the
 * button and API permissions). It is typed `as const`, so a route, a menu button, a seed entry or a
 * web `has()` call naming a code that does not exist fails the type check, on the server and in the
 * web app. Each action says whether it only reads (`read`: lists, details, exports; not written to
 * the operation log) or changes something (`write`).
 *
 * The menu registry (menus.ts) places the codes as buttons under their pages; a code added here
 * and placed nowhere fails the registry test.
 */
export const PERMISSIONS = {
  sysUser: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    setStatus: 'write',
    grantRole: 'write',
    resetPwd: 'write',
    unlockLogin: 'write',
    export: 'read',
    import: 'write',
  },
  sysRole: {
    page: 'read',
    list: 'read',
    add: 'write',
    update: 'write',
    copy: 'write',
    delete: 'write',
    setStatus: 'write',
    grantMenu: 'write',
    grantDataScope: 'write',
    grantApi: 'write',
    grantUser: 'write',
    grantRoleTable: 'write',
    export: 'read',
  },
  sysOrg: { list: 'read', add: 'write', update: 'write', delete: 'write' },
  sysPos: { list: 'read', add: 'write', update: 'write', delete: 'write', export: 'read' },
  sysOnlineUser: { page: 'read', forceOffline: 'write', sendMessage: 'write' },
  sysDictType: {
    page: 'read',
    list: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    setStatus: 'write',
  },
  sysDictData: {
    page: 'read',
    list: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    setStatus: 'write',
  },
  sysTenant: {
    saveSysInfo: 'write',
    page: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    setStatus: 'write',
    grantMenu: 'write',
    resetPwd: 'write',
    userList: 'read',
    createDb: 'write',
    initTenantDb: 'write',
    initTenantData: 'write',
    syncTenantDb: 'write',
    changeTenant: 'write',
    goTenant: 'write',
    syncGrantMenu: 'write',
    export: 'read',
  },
  sysOAuth: { page: 'read', add: 'write', update: 'write', delete: 'write', setStatus: 'write' },
  sysMenu: { list: 'read', add: 'write', update: 'write', delete: 'write', setStatus: 'write' },
  sysLogOp: { page: 'read', export: 'read', clear: 'write', verify: 'read' },
  sysLogDiff: { page: 'read', export: 'read', clear: 'write', verify: 'read' },
  sysLogVis: { page: 'read', export: 'read', clear: 'write' },
  sysLogEx: { page: 'read', export: 'read', clear: 'write' },
  sysLogHttp: { page: 'read', export: 'read', clear: 'write' },
  sysDatabase: {
    list: 'read',
    tableList: 'read',
    columnList: 'read',
    visualDbTable: 'read',
    createSeedData: 'read',
    addTable: 'write',
    updateTable: 'write',
    deleteTable: 'write',
    addColumn: 'write',
    updateColumn: 'write',
    deleteColumn: 'write',
  },
  sysCodeGen: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    syncField: 'write',
    preview: 'read',
    download: 'read',
    runLocal: 'write',
  },
  sysCodeGenConfig: { list: 'read', update: 'write' },
  // Regions are read by every signed-in account (no button); these are the super admin's edits.
  sysRegion: { add: 'write', update: 'write', delete: 'write', sync: 'write' },
  sysCache: {
    keyList: 'read',
    keysByPrefixKey: 'read',
    value: 'read',
    delete: 'write',
    deleteByPreKey: 'write',
    clear: 'write',
  },
  sysServer: { serverBase: 'read', serverUsed: 'read', serverDisk: 'read', assemblyList: 'read' },
  sysFile: { page: 'read', uploadFile: 'write', update: 'write', delete: 'write' },
  sysConfig: {
    page: 'read',
    list: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    batchUpdate: 'write',
  },
  sysLang: { page: 'read', detail: 'read', add: 'write', update: 'write', delete: 'write' },
  sysJob: {
    pageJobDetail: 'read',
    addJobDetail: 'write',
    updateJobDetail: 'write',
    deleteJobDetail: 'write',
    jobTriggerList: 'read',
    addJobTrigger: 'write',
    updateJobTrigger: 'write',
    deleteJobTrigger: 'write',
    pauseJob: 'write',
    startJob: 'write',
    runJob: 'write',
    cancelJob: 'write',
    pauseTrigger: 'write',
    startTrigger: 'write',
    pauseAllJob: 'write',
    startAllJob: 'write',
    pageJobTriggerRecord: 'read',
    clearJobTriggerRecord: 'write',
    listJobGroup: 'read',
    jobClusterList: 'read',
    dashboard: 'read',
  },
  sysNotice: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    public: 'write',
    cancel: 'write',
  },
  sysMessage: { sendUser: 'write', sendUsers: 'write', sendAllUser: 'write', sendOtherUser: 'write' },
  sysLogMsg: { page: 'read', detail: 'read', export: 'read', clear: 'write' },
  // The AI study assistant (menus-ai.ts). `chat` streams a turn (and spends the tenant's tokens).
  aiChat: { list: 'read', detail: 'read', chat: 'write', rename: 'write', delete: 'write' },
  stuWorkFlow: { solve: 'write', check: 'write', result: 'read' },
  stuWorkFlowReport: { stats: 'read', analyse: 'write' },
  stuWorkFlowPaper: { list: 'read', detail: 'read', generate: 'write', submit: 'write' },
  stuQuestionBank: { page: 'read', detail: 'read', delete: 'write', export: 'read' },
  stuInfo: { page: 'read', detail: 'read', export: 'read' },
  aiProvider: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    testConnection: 'read',
    fetchModels: 'read',
    limits: 'read',
    setLimits: 'write',
    usage: 'read',
  },
  aiWorkFlowConfig: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    prompts: 'read',
    setPrompt: 'write',
  },
  // Developer and reporting tools (issue 13). Print templates are read by every signed-in account
  // (list pages print with them): these codes are the template editor's.
  sysForm: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    publish: 'write',
    versions: 'read',
  },
  sysFormData: { page: 'read', detail: 'read', submit: 'write', delete: 'write', export: 'read' },
  sysPrint: { page: 'read', detail: 'read', add: 'write', update: 'write', delete: 'write' },
  sysReportDataSource: {
    page: 'read',
    list: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    testConnection: 'read',
  },
  sysReportConfig: {
    page: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    preview: 'read',
    view: 'read',
    export: 'read',
  },
  sysOpenAccess: {
    page: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    secret: 'write',
    generateSignature: 'read',
  },
  sysSerial: { page: 'read', add: 'write', update: 'write', delete: 'write', next: 'write' },
  sysLdap: {
    page: 'read',
    list: 'read',
    detail: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
    testConnection: 'read',
    syncDept: 'write',
    syncUser: 'write',
  },
  sysWechatUser: { page: 'read', delete: 'write' },
  sysWechatPay: {
    page: 'read',
    setting: 'read',
    saveSetting: 'write',
    payTransactionNative: 'write',
    payTransaction: 'write',
    payPartnerTransaction: 'write',
    payInfo: 'read',
    // Queries of WeChat: the local row only mirrors what WeChat answers (no decision to log).
    payInfoFromWechat: 'read',
    close: 'write',
    refundDomestic: 'write',
    refundInfoFromWechat: 'read',
    listRefund: 'read',
  },
  sysPlugin: { page: 'read', add: 'write', setStatus: 'write', delete: 'write' },
  sysUpgrade: { page: 'read', add: 'write', update: 'write', delete: 'write' },
  // The developer tools of the API documentation page (super admin: the platform directory). All
  // read: they change nothing, and so neither the text to encrypt nor a key pair reaches the op log.
  sysCommon: { stressTest: 'write', apiList: 'read', smKeyPair: 'read', encryptPlainText: 'read' },
  sysMqtt: { broker: 'read' },
  sysApi: { docs: 'read' },
  // The demo menus (menus-demo.ts). The front-end codes guard no route: they show what a role's
  // button grants do to a page (a panel, buttons); the server refuses backEndPage without its code.
  demo: {
    frontPage: 'read',
    frontBtnAdd: 'read',
    frontBtnEdit: 'read',
    frontBtnDelete: 'read',
    backEndPage: 'read',
    chart: 'read',
    screen: 'read',
  },
  approvalFlow: {
    page: 'read',
    list: 'read',
    detail: 'read',
    info: 'read',
    add: 'write',
    update: 'write',
    delete: 'write',
  },
  approvalInstance: {
    mine: 'read',
    flows: 'read',
    submit: 'write',
    resubmit: 'write',
    withdraw: 'write',
    todo: 'read',
    approve: 'write',
    reject: 'write',
    return: 'write',
  },
  ...MODULE_PERMISSIONS,
} as const satisfies Record<string, Record<string, ActionKind>>;

export type ActionKind = 'read' | 'write';
export type Controller = keyof typeof PERMISSIONS;
export type ActionOf<C extends Controller> = keyof (typeof PERMISSIONS)[C] & string;
export type PermissionCode = { [C in Controller]: `${C}:${ActionOf<C>}` }[Controller];

/** The code of one action of a controller, checked by the type system. */
export function permissionCode<C extends Controller>(controller: C, action: ActionOf<C>): PermissionCode {
  return `${controller}:${action}` as PermissionCode;
}

const kindOf = (code: string): ActionKind | undefined => {
  const [controller, action, extra] = code.split(':');
  if (!controller || !action || extra !== undefined || !Object.hasOwn(PERMISSIONS, controller))
    return undefined;
  const actions = PERMISSIONS[controller as Controller] as Record<string, ActionKind>;
  return Object.hasOwn(actions, action) ? actions[action] : undefined;
};

/** Whether a string is a code of the registry (for values that arrive at run time). */
export function isPermissionCode(code: string): code is PermissionCode {
  return kindOf(code) !== undefined;
}

/**
 * Codes the web alone checks, guarding no route: the SPEC's front-end permission demos (a panel and
 * buttons shown or hidden by a role's grants). Every other code guards at least one route.
 */
export const FRONT_END_ONLY_CODES: readonly PermissionCode[] = [
  'demo:frontPage',
  'demo:frontBtnAdd',
  'demo:frontBtnEdit',
  'demo:frontBtnDelete',
];

/** Whether a code only reads: its calls are not operations for the operation log. */
export function isReadPermission(code: string): boolean {
  return kindOf(code) === 'read';
}

/** Every code of the registry. */
export function allPermissionCodes(): PermissionCode[] {
  return (Object.keys(PERMISSIONS) as Controller[]).flatMap((controller) =>
    Object.keys(PERMISSIONS[controller]).map((action) => `${controller}:${action}` as PermissionCode),
  );
}
