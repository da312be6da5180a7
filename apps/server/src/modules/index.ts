import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../platform/context.js';
import { swaggerRoutes } from './swagger/swagger.routes.js';
import { sysAuthRoutes } from './sys-auth/sys-auth.routes.js';
import { sysDatabaseRoutes } from './sys-database/sys-database.routes.js';
import { sysCodeGenConfigRoutes, sysCodeGenRoutes } from './sys-code-gen/sys-code-gen.routes.js';
import { sysConstRoutes } from './sys-const/sys-const.routes.js';
import { sysDictDataRoutes } from './sys-dict-data/sys-dict-data.routes.js';
import { sysDictTypeRoutes } from './sys-dict-type/sys-dict-type.routes.js';
import { sysLogDiffRoutes, sysLogOpRoutes } from './sys-log/sys-log.routes.js';
import { sysLogExRoutes, sysLogHttpRoutes, sysLogVisRoutes } from './sys-log/access-log.routes.js';
import { sysMenuRoutes } from './sys-menu/sys-menu.routes.js';
import { sysOnlineUserRoutes } from './sys-online-user/sys-online-user.routes.js';
import { sysOrgRoutes } from './sys-org/sys-org.routes.js';
import { sysPosRoutes } from './sys-pos/sys-pos.routes.js';
import { sysRoleRoutes } from './sys-role/sys-role.routes.js';
import { sysOAuthRoutes } from './sys-oauth/sys-oauth.routes.js';
import { sysSmsRoutes } from './sys-sms/sys-sms.routes.js';
import { sysTenantRoutes } from './sys-tenant/sys-tenant.routes.js';
import { saveSysInfoRoutes } from './sys-tenant/save-sys-info.routes.js';
import { tenantDbRoutes } from './sys-tenant/tenant-db.routes.js';
import { tenantSwitchRoutes } from './sys-tenant/tenant-switch.routes.js';
import { sysOpenAccessRoutes } from './sys-open-access/sys-open-access.routes.js';
import { sysLdapRoutes } from './sys-ldap/sys-ldap.routes.js';
import { sysWechatPayRoutes } from './sys-wechat-pay/sys-wechat-pay.routes.js';
import { sysSerialRoutes } from './sys-serial/sys-serial.routes.js';
import { sysThirdUserRoutes } from './sys-third-user/sys-third-user.routes.js';
import { sysUpgradeRoutes } from './sys-upgrade/sys-upgrade.routes.js';
import { sysCommonRoutes } from './sys-common/sys-common.routes.js';
import { sysFileRoutes } from './sys-file/sys-file.routes.js';
import { sysDashboardRoutes } from './sys-dashboard/sys-dashboard.routes.js';
import { sysScheduleRoutes } from './sys-schedule/sys-schedule.routes.js';
import { sysUserRoutes } from './sys-user/sys-user.routes.js';
import { userAdminRoutes } from './sys-user/user-admin.routes.js';
import { userPickerRoutes } from './sys-user/user-picker.routes.js';
import { sysConfigRoutes } from './sys-config/sys-config.routes.js';
import { sysLangRoutes } from './sys-lang/sys-lang.routes.js';
import { sysUserMenuRoutes } from './sys-user-menu/sys-user-menu.routes.js';
import { sysNoticeRoutes } from './sys-notice/sys-notice.routes.js';
import { sysMessageRoutes } from './sys-message/sys-message.routes.js';
import { sysLogMsgRoutes } from './sys-message/msg-log.routes.js';
import { sysJobRoutes } from './sys-job/sys-job.routes.js';
import { sysRegionRoutes } from './sys-region/sys-region.routes.js';
import { sysCacheRoutes } from './sys-cache/sys-cache.routes.js';
import { sysServerRoutes } from './sys-server/sys-server.routes.js';
import { aiProviderRoutes } from './ai-provider/ai-provider.routes.js';
import { aiWorkFlowConfigRoutes } from './ai-workflow-config/ai-workflow-config.routes.js';
import {
  stuWorkFlowPaperRoutes,
  stuWorkFlowReportRoutes,
  stuWorkFlowRoutes,
} from './stu-workflow/stu-workflow.routes.js';
import { stuInfoRoutes, stuQuestionBankRoutes } from './stu-question-bank/stu-question-bank.routes.js';
import { aiChatRoutes } from './ai-chat/ai-chat.routes.js';
import { sysPrintRoutes } from './sys-print/sys-print.routes.js';
import { sysFormDataRoutes, sysFormRoutes } from './sys-form/sys-form.routes.js';
import { swaggerSessionRoutes } from './swagger/swagger-session.routes.js';
import { sysPluginRoutes } from './sys-plugin/sys-plugin.routes.js';
import { pluginHostRoutes } from './sys-plugin/plugin-host.routes.js';
import { sysMqttRoutes } from './sys-mqtt/sys-mqtt.routes.js';
import { sysReportConfigRoutes } from './sys-report/report-config.routes.js';
import { sysReportDataSourceRoutes } from './sys-report/report-source.routes.js';
import { demoRoutes } from './demo/demo.routes.js';
import { approvalFlowRoutes } from './approval-flow/approval-flow.routes.js';
import { approvalInstanceRoutes } from './approval-flow/approval-instance.routes.js';
// lintel:module-imports (the code generator adds its modules' imports above)

/** Every API controller family, by its path segment under /api. */
export const MODULES: [string, (ctx: AppContext) => FastifyPluginAsyncTypebox][] = [
  ['swagger', swaggerRoutes],
  ['sysAuth', sysAuthRoutes],
  ['sysConst', sysConstRoutes],
  ['sysDatabase', sysDatabaseRoutes],
  ['sysCodeGen', sysCodeGenRoutes],
  ['sysCodeGenConfig', sysCodeGenConfigRoutes],
  ['sysDictData', sysDictDataRoutes],
  ['sysDictType', sysDictTypeRoutes],
  ['sysLogDiff', sysLogDiffRoutes],
  ['sysLogOp', sysLogOpRoutes],
  ['sysLogVis', sysLogVisRoutes],
  ['sysLogEx', sysLogExRoutes],
  ['sysLogHttp', sysLogHttpRoutes],
  ['sysMenu', sysMenuRoutes],
  ['sysOnlineUser', sysOnlineUserRoutes],
  ['sysOrg', sysOrgRoutes],
  ['sysPos', sysPosRoutes],
  ['sysRole', sysRoleRoutes],
  ['sysOAuth', sysOAuthRoutes],
  ['sysSms', sysSmsRoutes],
  ['sysTenant', sysTenantRoutes],
  ['sysTenant', saveSysInfoRoutes],
  ['sysTenant', tenantDbRoutes],
  ['sysTenant', tenantSwitchRoutes],
  ['sysFile', sysFileRoutes],
  ['sysSchedule', sysScheduleRoutes],
  ['sysDashboard', sysDashboardRoutes],
  ['sysUser', sysUserRoutes],
  ['sysUser', userAdminRoutes],
  ['sysUser', userPickerRoutes],
  ['sysConfig', sysConfigRoutes],
  ['sysLang', sysLangRoutes],
  ['sysUserMenu', sysUserMenuRoutes],
  ['sysNotice', sysNoticeRoutes],
  ['sysMessage', sysMessageRoutes],
  ['sysLogMsg', sysLogMsgRoutes],
  ['sysJob', sysJobRoutes],
  ['sysRegion', sysRegionRoutes],
  ['sysCache', sysCacheRoutes],
  ['sysServer', sysServerRoutes],
  ['aiProvider', aiProviderRoutes],
  ['aiWorkFlowConfig', aiWorkFlowConfigRoutes],
  ['stuWorkFlow', stuWorkFlowRoutes],
  ['stuWorkFlowReport', stuWorkFlowReportRoutes],
  ['stuWorkFlowPaper', stuWorkFlowPaperRoutes],
  ['stuQuestionBank', stuQuestionBankRoutes],
  ['stuInfo', stuInfoRoutes],
  ['aiChat', aiChatRoutes],
  ['sysPrint', sysPrintRoutes],
  ['sysForm', sysFormRoutes],
  ['sysFormData', sysFormDataRoutes],
  ['sysOpenAccess', sysOpenAccessRoutes],
  ['sysSerial', sysSerialRoutes],
  ['sysLdap', sysLdapRoutes],
  ['sysWechatPay', sysWechatPayRoutes],
  ['sysWechatUser', sysThirdUserRoutes],
  ['sysUpgrade', sysUpgradeRoutes],
  ['sysCommon', sysCommonRoutes],
  ['swagger', swaggerSessionRoutes],
  ['sysPlugin', sysPluginRoutes],
  ['plugin', pluginHostRoutes],
  ['sysMqtt', sysMqttRoutes],
  ['sysReportDataSource', sysReportDataSourceRoutes],
  ['sysReportConfig', sysReportConfigRoutes],
  ['demo', demoRoutes],
  ['approvalFlow', approvalFlowRoutes],
  ['approvalInstance', approvalInstanceRoutes],
  // lintel:modules (the code generator adds its modules above)
];
