import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_REGISTRY, type MenuNode } from '@lintel/contracts';
import { createTestApp, type TestApp } from './harness.js';
import { createOtherTenant } from './tenants.js';

/**
 * Default deny, proven: the list below names every API route with its permission. A new route
 * must be added here with its permission, or this suite fails (and a route without a permission
 * does not even start: see gate.ts).
 */
const EXPECTED: Record<string, string> = {
  'POST /api/swagger/checkUrl': 'public',
  'POST /api/swagger/submitUrl': 'public',
  'GET /api/sysAuth/captcha': 'public',
  'POST /api/sysAuth/login': 'public',
  'POST /api/sysAuth/loginPhone': 'public',
  'POST /api/sysAuth/logout': 'user',
  'GET /api/sysAuth/userInfo': 'user',
  'POST /api/sysAuth/unLockScreen': 'user',
  'GET /api/sysAuth/refreshToken': 'public',
  'GET /api/sysAuth/tenantIdByHostname/:hostname': 'public',
  'POST /api/sysAuth/qrTicket': 'public',
  'POST /api/sysAuth/qrPoll': 'public',
  'POST /api/sysAuth/qrScan': 'user',
  'POST /api/sysAuth/qrConfirm': 'user',
  'GET /api/sysAuth/sliderCaptcha': 'public',
  'POST /api/sysAuth/sliderCaptcha/verify': 'public',
  'POST /api/sysSms/sendSms/:phoneNumber': 'public',
  'POST /api/sysSms/sendSms/:phoneNumber/:templateId': 'public',
  'GET /api/sysOAuth/loginProviders': 'public',
  'GET /api/sysOAuth/signIn/:code': 'public',
  'GET /api/sysOAuth/signIn': 'public',
  'GET /api/sysOAuth/callback': 'public',
  'GET /api/sysOAuth/signInCallback': 'public',
  'POST /api/sysOAuth/exchange': 'public',
  'POST /api/sysOAuth/link': 'user',
  'GET /api/sysOAuth/myBindings': 'user',
  'POST /api/sysOAuth/unlink': 'user',
  'POST /api/sysOAuth/page': 'sysOAuth:page',
  'POST /api/sysOAuth/add': 'sysOAuth:add',
  'POST /api/sysOAuth/update': 'sysOAuth:update',
  'POST /api/sysOAuth/delete': 'sysOAuth:delete',
  'POST /api/sysOAuth/setStatus': 'sysOAuth:setStatus',
  'POST /api/sysOAuth/batchDelete': 'sysOAuth:delete',
  'POST /api/sysOAuth/batchSetStatus': 'sysOAuth:setStatus',
  'GET /api/sysTenant/sysInfo/:tenantId': 'public',
  'POST /api/sysTenant/page': 'sysTenant:page',
  'POST /api/sysTenant/export': 'sysTenant:export',
  'POST /api/sysTenant/add': 'sysTenant:add',
  'POST /api/sysTenant/update': 'sysTenant:update',
  'POST /api/sysTenant/delete': 'sysTenant:delete',
  'POST /api/sysTenant/setStatus': 'sysTenant:setStatus',
  'POST /api/sysTenant/batchDelete': 'sysTenant:delete',
  'POST /api/sysTenant/batchSetStatus': 'sysTenant:setStatus',
  'GET /api/sysTenant/grantableMenuList': 'sysTenant:grantMenu',
  'GET /api/sysTenant/ownMenuList': 'sysTenant:grantMenu',
  'GET /api/sysTenant/tenantMenuList': 'sysTenant:grantMenu',
  'GET /api/sysTenant/list': 'public',
  'POST /api/sysTenant/syncGrantMenu': 'sysTenant:syncGrantMenu',
  'POST /api/sysTenant/grantMenu': 'sysTenant:grantMenu',
  'POST /api/sysTenant/resetPwd': 'sysTenant:resetPwd',
  'POST /api/sysTenant/userList': 'sysTenant:userList',
  'POST /api/sysTenant/createDb': 'sysTenant:createDb',
  'POST /api/sysTenant/initTenantDb': 'sysTenant:initTenantDb',
  'POST /api/sysTenant/initTenantData': 'sysTenant:initTenantData',
  'POST /api/sysTenant/changeTenant': 'sysTenant:changeTenant',
  'POST /api/sysTenant/goTenant': 'sysTenant:goTenant',
  'POST /api/sysTenant/syncTenantDb': 'sysTenant:syncTenantDb',
  'GET /api/sysTenant/tenantDbList': 'sysTenant:page',
  'GET /api/sysConst/list': 'user',
  'GET /api/sysConst/data/:typeName': 'user',
  'GET /api/sysConfig/sysInfo': 'public',
  'POST /api/sysConfig/saveSysInfo': 'sysTenant:saveSysInfo',
  'POST /api/sysConfig/page': 'sysConfig:page',
  'POST /api/sysConfig/list': 'sysConfig:list',
  'GET /api/sysConfig/groupList': 'sysConfig:list',
  'GET /api/sysConfig/detail': 'sysConfig:detail',
  'POST /api/sysConfig/add': 'sysConfig:add',
  'POST /api/sysConfig/update': 'sysConfig:update',
  'POST /api/sysConfig/delete': 'sysConfig:delete',
  'POST /api/sysConfig/batchDelete': 'sysConfig:delete',
  'POST /api/sysConfig/batchUpdate': 'sysConfig:batchUpdate',
  'POST /api/sysLang/dropdownData': 'public',
  'POST /api/sysLang/page': 'sysLang:page',
  'GET /api/sysLang/detail': 'sysLang:detail',
  'POST /api/sysLang/add': 'sysLang:add',
  'POST /api/sysLang/update': 'sysLang:update',
  'POST /api/sysLang/delete': 'sysLang:delete',
  'POST /api/sysUserMenu/add': 'user',
  'POST /api/sysUserMenu/deleteUserMenu': 'user',
  'GET /api/sysUserMenu/userMenuList': 'user',
  'GET /api/sysUserMenu/userMenuIdList': 'user',
  'POST /api/sysDictType/add': 'sysDictType:add',
  'POST /api/sysDictType/update': 'sysDictType:update',
  'POST /api/sysDictType/delete': 'sysDictType:delete',
  'POST /api/sysDictType/page': 'sysDictType:page',
  'POST /api/sysDictType/setStatus': 'sysDictType:setStatus',
  'POST /api/sysDictType/batchDelete': 'sysDictType:delete',
  'POST /api/sysDictType/batchSetStatus': 'sysDictType:setStatus',
  'GET /api/sysDictType/list': 'sysDictType:list',
  'GET /api/sysDictType/detail': 'sysDictType:detail',
  'GET /api/sysDictType/allDictList': 'user',
  'GET /api/sysDictType/dataList': 'user',
  'POST /api/sysDictData/add': 'sysDictData:add',
  'POST /api/sysDictData/update': 'sysDictData:update',
  'POST /api/sysDictData/delete': 'sysDictData:delete',
  'POST /api/sysDictData/page': 'sysDictData:page',
  'POST /api/sysDictData/setStatus': 'sysDictData:setStatus',
  'POST /api/sysDictData/batchDelete': 'sysDictData:delete',
  'POST /api/sysDictData/batchSetStatus': 'sysDictData:setStatus',
  'GET /api/sysDictData/list': 'sysDictData:list',
  'GET /api/sysDictData/detail': 'sysDictData:detail',
  'GET /api/sysDictData/dataList/:code': 'user',
  'GET /api/sysDictData/dataList': 'user',
  'GET /api/sysMenu/loginMenuTree': 'user',
  'GET /api/sysMenu/ownBtnPermList': 'user',
  'GET /api/sysMenu/list': 'sysMenu:list',
  'POST /api/sysMenu/add': 'sysMenu:add',
  'POST /api/sysMenu/update': 'sysMenu:update',
  'POST /api/sysMenu/delete': 'sysMenu:delete',
  'POST /api/sysMenu/setStatus': 'sysMenu:setStatus',
  'POST /api/sysMenu/batchDelete': 'sysMenu:delete',
  'POST /api/sysMenu/batchSetStatus': 'sysMenu:setStatus',
  'POST /api/sysOnlineUser/page': 'sysOnlineUser:page',
  'POST /api/sysOnlineUser/forceOffline': 'sysOnlineUser:forceOffline',
  'POST /api/sysOnlineUser/sendMessage': 'sysOnlineUser:sendMessage',
  'POST /api/sysNotice/page': 'sysNotice:page',
  'GET /api/sysNotice/detail': 'sysNotice:detail',
  'POST /api/sysNotice/add': 'sysNotice:add',
  'POST /api/sysNotice/update': 'sysNotice:update',
  'POST /api/sysNotice/delete': 'sysNotice:delete',
  'POST /api/sysNotice/public': 'sysNotice:public',
  'POST /api/sysNotice/cancel': 'sysNotice:cancel',
  'POST /api/sysNotice/pageReceived': 'user',
  'GET /api/sysNotice/unReadList': 'user',
  'GET /api/sysNotice/unReadCount': 'user',
  'POST /api/sysNotice/setRead': 'user',
  'POST /api/sysNotice/setAllRead': 'user',
  'POST /api/sysMessage/sendUser': 'sysMessage:sendUser',
  'POST /api/sysMessage/sendUsers': 'sysMessage:sendUsers',
  'POST /api/sysMessage/sendAllUser': 'sysMessage:sendAllUser',
  'POST /api/sysMessage/sendOtherUser': 'sysMessage:sendOtherUser',
  'POST /api/sysMessage/pageReceived': 'user',
  'GET /api/sysMessage/detail': 'user',
  'GET /api/sysMessage/unReadList': 'user',
  'GET /api/sysMessage/unReadCount': 'user',
  'POST /api/sysMessage/setRead': 'user',
  'POST /api/sysMessage/setAllRead': 'user',
  'POST /api/sysLogMsg/page': 'sysLogMsg:page',
  'GET /api/sysLogMsg/detail': 'sysLogMsg:detail',
  'POST /api/sysLogMsg/export': 'sysLogMsg:export',
  'POST /api/sysLogMsg/clear': 'sysLogMsg:clear',
  'GET /api/sysOrg/list': 'sysOrg:list',
  'GET /api/sysOrg/tree': 'sysOrg:list',
  'POST /api/sysOrg/add': 'sysOrg:add',
  'POST /api/sysOrg/update': 'sysOrg:update',
  'POST /api/sysOrg/delete': 'sysOrg:delete',
  'POST /api/sysOrg/batchDelete': 'sysOrg:delete',
  'GET /api/sysPos/list': 'sysPos:list',
  'GET /api/sysPos/staff': 'sysPos:list',
  'POST /api/sysPos/add': 'sysPos:add',
  'POST /api/sysPos/update': 'sysPos:update',
  'POST /api/sysPos/delete': 'sysPos:delete',
  'POST /api/sysPos/batchDelete': 'sysPos:delete',
  'POST /api/sysPos/export': 'sysPos:export',
  'POST /api/sysRole/page': 'sysRole:page',
  'POST /api/sysRole/export': 'sysRole:export',
  'GET /api/sysRole/list': 'sysRole:list',
  'POST /api/sysRole/add': 'sysRole:add',
  'POST /api/sysRole/update': 'sysRole:update',
  'POST /api/sysRole/copy': 'sysRole:copy',
  'POST /api/sysRole/delete': 'sysRole:delete',
  'POST /api/sysRole/setStatus': 'sysRole:setStatus',
  'POST /api/sysRole/batchDelete': 'sysRole:delete',
  'POST /api/sysRole/batchSetStatus': 'sysRole:setStatus',
  'GET /api/sysRole/ownMenuList': 'sysRole:grantMenu',
  'GET /api/sysRole/grantableMenuList': 'sysRole:grantMenu',
  'POST /api/sysRole/grantMenu': 'sysRole:grantMenu',
  'GET /api/sysRole/ownOrgList': 'sysRole:grantDataScope',
  'POST /api/sysRole/grantDataScope': 'sysRole:grantDataScope',
  'GET /api/sysRole/allApiList': 'sysRole:grantApi',
  'GET /api/sysRole/roleApiList': 'sysRole:grantApi',
  'POST /api/sysRole/grantApi': 'sysRole:grantApi',
  'GET /api/sysRole/userApiList': 'user',
  'GET /api/sysRole/ownUserList': 'sysRole:grantUser',
  'POST /api/sysRole/grantUser': 'sysRole:grantUser',
  'GET /api/sysRole/allTableColumnList': 'sysRole:grantRoleTable',
  'GET /api/sysRole/roleTable/:roleId': 'sysRole:grantRoleTable',
  'POST /api/sysRole/grantRoleTable': 'sysRole:grantRoleTable',
  'GET /api/sysRole/userRoleTableList': 'user',
  'POST /api/sysLogOp/page': 'sysLogOp:page',
  'POST /api/sysLogOp/export': 'sysLogOp:export',
  'GET /api/sysLogOp/detail/:id': 'sysLogOp:page',
  'POST /api/sysLogOp/clear': 'sysLogOp:clear',
  'POST /api/sysLogDiff/page': 'sysLogDiff:page',
  'POST /api/sysLogDiff/export': 'sysLogDiff:export',
  'GET /api/sysLogDiff/detail/:id': 'sysLogDiff:page',
  'POST /api/sysLogOp/verify': 'sysLogOp:verify',
  'POST /api/sysLogDiff/clear': 'sysLogDiff:clear',
  'POST /api/sysLogDiff/verify': 'sysLogDiff:verify',
  'POST /api/sysLogVis/page': 'sysLogVis:page',
  'GET /api/sysLogVis/list': 'sysLogVis:page',
  'GET /api/sysLogVis/detail/:id': 'sysLogVis:page',
  'POST /api/sysLogVis/clear': 'sysLogVis:clear',
  'POST /api/sysLogVis/export': 'sysLogVis:export',
  'POST /api/sysLogEx/page': 'sysLogEx:page',
  'GET /api/sysLogEx/detail/:id': 'sysLogEx:page',
  'POST /api/sysLogEx/clear': 'sysLogEx:clear',
  'POST /api/sysLogEx/export': 'sysLogEx:export',
  'POST /api/sysLogHttp/page': 'sysLogHttp:page',
  'GET /api/sysLogHttp/detail/:id': 'sysLogHttp:page',
  'POST /api/sysLogHttp/clear': 'sysLogHttp:clear',
  'POST /api/sysLogHttp/export': 'sysLogHttp:export',
  'POST /api/sysUser/page': 'sysUser:page',
  'GET /api/sysUser/detail': 'sysUser:detail',
  'POST /api/sysUser/export': 'sysUser:export',
  'GET /api/sysUser/importTemplate': 'sysUser:import',
  'POST /api/sysUser/import': 'sysUser:import',
  'POST /api/sysUser/add': 'sysUser:add',
  'POST /api/sysUser/update': 'sysUser:update',
  'POST /api/sysUser/delete': 'sysUser:delete',
  'POST /api/sysUser/setStatus': 'sysUser:setStatus',
  'POST /api/sysUser/batchDelete': 'sysUser:delete',
  'POST /api/sysUser/batchSetStatus': 'sysUser:setStatus',
  'POST /api/sysUser/grantRole': 'sysUser:grantRole',
  'GET /api/sysUser/ownRoleList/:userId': 'sysUser:detail',
  'GET /api/sysUser/ownExtOrgList/:userId': 'sysUser:detail',
  'POST /api/sysUser/resetPwd': 'sysUser:resetPwd',
  'POST /api/sysUser/unlockLogin': 'sysUser:unlockLogin',
  'GET /api/sysUser/baseInfo': 'user',
  'POST /api/sysUser/baseInfo': 'user',
  'POST /api/sysUser/changePwd': 'user',
  'GET /api/sysUser/orgInfo': 'user',
  'POST /api/sysUser/setLangCode/:langCode': 'user',
  'POST /api/sysFile/uploadAvatar': 'user',
  'POST /api/sysFile/uploadSignature': 'user',
  'POST /api/sysFile/uploadLogo': 'sysTenant:saveSysInfo',
  'POST /api/sysFile/uploadFile': 'sysFile:uploadFile',
  'POST /api/sysFile/uploadFiles': 'sysFile:uploadFile',
  'POST /api/sysFile/uploadFileFromBase64': 'sysFile:uploadFile',
  'POST /api/sysFile/page': 'sysFile:page',
  'POST /api/sysFile/update': 'sysFile:update',
  'POST /api/sysFile/delete': 'sysFile:delete',
  'GET /api/sysFile/folder': 'sysFile:page',
  'GET /api/sysFile/file': 'user',
  'GET /api/sysFile/fileByIds': 'user',
  'GET /api/sysFile/preview/:id': 'user',
  'POST /api/sysFile/downloadFile': 'user',
  'POST /api/sysFile/downloadFileBase64': 'user',
  'POST /api/sysSchedule/page': 'user',
  'GET /api/sysSchedule/detail/:id': 'user',
  'POST /api/sysSchedule/add': 'user',
  'POST /api/sysSchedule/update': 'user',
  'POST /api/sysSchedule/delete': 'user',
  'POST /api/sysSchedule/setStatus': 'user',
  'POST /api/sysTenant/saveSysInfo': 'sysTenant:saveSysInfo',
  'GET /api/sysCommon/changelog': 'user',
  'GET /api/sysDashboard/figures': 'user',
  'GET /api/sysDatabase/list': 'sysDatabase:list',
  'GET /api/sysDatabase/tableList/:configId': 'sysDatabase:tableList',
  'GET /api/sysDatabase/dbTypeList/:configId': 'sysDatabase:tableList',
  'GET /api/sysDatabase/columnList/:tableName/:configId': 'sysDatabase:columnList',
  'GET /api/sysDatabase/tableDetail/:tableName/:configId': 'sysDatabase:columnList',
  'GET /api/sysDatabase/visualDbTable': 'sysDatabase:visualDbTable',
  'POST /api/sysDatabase/createSeedData': 'sysDatabase:createSeedData',
  'POST /api/sysDatabase/addTable': 'sysDatabase:addTable',
  'POST /api/sysDatabase/updateTable': 'sysDatabase:updateTable',
  'POST /api/sysDatabase/deleteTable': 'sysDatabase:deleteTable',
  'POST /api/sysDatabase/addColumn': 'sysDatabase:addColumn',
  'POST /api/sysDatabase/updateColumn': 'sysDatabase:updateColumn',
  'POST /api/sysDatabase/deleteColumn': 'sysDatabase:deleteColumn',
  'POST /api/sysCodeGen/page': 'sysCodeGen:page',
  'GET /api/sysCodeGen/detail': 'sysCodeGen:detail',
  'GET /api/sysCodeGen/applicationNamespaces': 'sysCodeGen:page',
  'GET /api/sysCodeGen/databaseList': 'sysCodeGen:page',
  'GET /api/sysCodeGen/tableList/:configId': 'sysCodeGen:page',
  'GET /api/sysCodeGen/columnListByTableName/:tableName/:configId': 'sysCodeGen:page',
  'POST /api/sysCodeGen/add': 'sysCodeGen:add',
  'POST /api/sysCodeGen/update': 'sysCodeGen:update',
  'POST /api/sysCodeGen/delete': 'sysCodeGen:delete',
  'POST /api/sysCodeGen/syncField': 'sysCodeGen:syncField',
  'POST /api/sysCodeGen/preview': 'sysCodeGen:preview',
  'POST /api/sysCodeGen/download': 'sysCodeGen:download',
  'POST /api/sysCodeGen/runLocal': 'sysCodeGen:runLocal',
  'GET /api/sysCodeGenConfig/detail': 'sysCodeGenConfig:list',
  'GET /api/sysCodeGenConfig/list': 'sysCodeGenConfig:list',
  'POST /api/sysCodeGenConfig/update': 'sysCodeGenConfig:update',
  'POST /api/sysJob/pageJobDetail': 'sysJob:pageJobDetail',
  'GET /api/sysJob/jobTypeList': 'sysJob:pageJobDetail',
  'POST /api/sysJob/addJobDetail': 'sysJob:addJobDetail',
  'POST /api/sysJob/updateJobDetail': 'sysJob:updateJobDetail',
  'POST /api/sysJob/deleteJobDetail': 'sysJob:deleteJobDetail',
  'GET /api/sysJob/jobTriggerList': 'sysJob:jobTriggerList',
  'GET /api/sysJob/cronPreview': 'sysJob:jobTriggerList',
  'POST /api/sysJob/addJobTrigger': 'sysJob:addJobTrigger',
  'POST /api/sysJob/updateJobTrigger': 'sysJob:updateJobTrigger',
  'POST /api/sysJob/deleteJobTrigger': 'sysJob:deleteJobTrigger',
  'POST /api/sysJob/pauseJob': 'sysJob:pauseJob',
  'POST /api/sysJob/startJob': 'sysJob:startJob',
  'POST /api/sysJob/runJob': 'sysJob:runJob',
  'POST /api/sysJob/cancelJob': 'sysJob:cancelJob',
  'POST /api/sysJob/pauseTrigger': 'sysJob:pauseTrigger',
  'POST /api/sysJob/startTrigger': 'sysJob:startTrigger',
  'POST /api/sysJob/pauseAllJob': 'sysJob:pauseAllJob',
  'POST /api/sysJob/startAllJob': 'sysJob:startAllJob',
  'POST /api/sysJob/pageJobTriggerRecord': 'sysJob:pageJobTriggerRecord',
  'POST /api/sysJob/clearJobTriggerRecord': 'sysJob:clearJobTriggerRecord',
  'POST /api/sysJob/listJobGroup': 'sysJob:listJobGroup',
  'GET /api/sysJob/jobClusterList': 'sysJob:jobClusterList',
  'GET /api/sysJob/dashboard': 'sysJob:dashboard',
  'GET /api/sysRegion/list': 'user',
  'GET /api/sysRegion/tree': 'user',
  'POST /api/sysRegion/page': 'user',
  'POST /api/sysRegion/add': 'sysRegion:add',
  'POST /api/sysRegion/update': 'sysRegion:update',
  'POST /api/sysRegion/delete': 'sysRegion:delete',
  'POST /api/sysRegion/sync': 'sysRegion:sync',
  'GET /api/sysCache/keyList': 'sysCache:keyList',
  'GET /api/sysCache/keysByPrefixKey/:prefixKey': 'sysCache:keysByPrefixKey',
  'GET /api/sysCache/value/:key': 'sysCache:value',
  'POST /api/sysCache/delete/:key': 'sysCache:delete',
  'POST /api/sysCache/deleteByPreKey/:prefixKey': 'sysCache:deleteByPreKey',
  'POST /api/sysCache/clear': 'sysCache:clear',
  'GET /api/sysServer/serverBase': 'sysServer:serverBase',
  'GET /api/sysServer/serverUsed': 'sysServer:serverUsed',
  'GET /api/sysServer/serverDisk': 'sysServer:serverDisk',
  'GET /api/sysServer/assemblyList': 'sysServer:assemblyList',
  'POST /api/aiProvider/page': 'aiProvider:page',
  'GET /api/aiProvider/detail': 'aiProvider:detail',
  'POST /api/aiProvider/add': 'aiProvider:add',
  'POST /api/aiProvider/update': 'aiProvider:update',
  'POST /api/aiProvider/delete': 'aiProvider:delete',
  'POST /api/aiProvider/testConnection': 'aiProvider:testConnection',
  'POST /api/aiProvider/fetchModels': 'aiProvider:fetchModels',
  'GET /api/aiProvider/limits': 'aiProvider:limits',
  'POST /api/aiProvider/setLimits': 'aiProvider:setLimits',
  'POST /api/aiProvider/usage': 'aiProvider:usage',
  'POST /api/aiWorkFlowConfig/page': 'aiWorkFlowConfig:page',
  'GET /api/aiWorkFlowConfig/detail': 'aiWorkFlowConfig:detail',
  'POST /api/aiWorkFlowConfig/add': 'aiWorkFlowConfig:add',
  'POST /api/aiWorkFlowConfig/update': 'aiWorkFlowConfig:update',
  'POST /api/aiWorkFlowConfig/delete': 'aiWorkFlowConfig:delete',
  'GET /api/aiWorkFlowConfig/prompts': 'aiWorkFlowConfig:prompts',
  'POST /api/aiWorkFlowConfig/setPrompt': 'aiWorkFlowConfig:setPrompt',
  'POST /api/stuWorkFlow/solve': 'stuWorkFlow:solve',
  'POST /api/stuWorkFlow/check': 'stuWorkFlow:check',
  'GET /api/stuWorkFlow/result': 'stuWorkFlow:result',
  'POST /api/stuWorkFlowReport/stats': 'stuWorkFlowReport:stats',
  'POST /api/stuWorkFlowReport/analyse': 'stuWorkFlowReport:analyse',
  'GET /api/stuWorkFlowPaper/list': 'stuWorkFlowPaper:list',
  'GET /api/stuWorkFlowPaper/detail': 'stuWorkFlowPaper:detail',
  'POST /api/stuWorkFlowPaper/generate': 'stuWorkFlowPaper:generate',
  'POST /api/stuWorkFlowPaper/submit': 'stuWorkFlowPaper:submit',
  'POST /api/stuQuestionBank/page': 'stuQuestionBank:page',
  'GET /api/stuQuestionBank/detail': 'stuQuestionBank:detail',
  'POST /api/stuQuestionBank/delete': 'stuQuestionBank:delete',
  'POST /api/stuQuestionBank/export': 'stuQuestionBank:export',
  'POST /api/stuInfo/page': 'stuInfo:page',
  'GET /api/stuInfo/detail': 'stuInfo:detail',
  'POST /api/stuInfo/export': 'stuInfo:export',
  'GET /api/aiChat/models': 'aiChat:list',
  'GET /api/aiChat/list': 'aiChat:list',
  'GET /api/aiChat/messages': 'aiChat:detail',
  'POST /api/aiChat/stream': 'aiChat:chat',
  'POST /api/aiChat/regenerate': 'aiChat:chat',
  'POST /api/aiChat/upload': 'aiChat:chat',
  'POST /api/aiChat/rename': 'aiChat:rename',
  'POST /api/aiChat/delete': 'aiChat:delete',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('route registry', () => {
  it('lists every API route with its permission', () => {
    const actual = Object.fromEntries(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.permission]));
    expect(actual).toEqual(EXPECTED);
  });

  /** Fills path parameters with a plausible value so the request reaches the gate. */
  const concrete = (url: string) =>
    url.replace(/:(\w+)/g, (_m, name: string) => (name === 'phoneNumber' ? '13800000009' : '1300000000001'));

  it('refuses anonymous calls to every non-public route with 401', async () => {
    for (const route of t.app.routeTable.filter((r) => r.permission !== 'public')) {
      const res = await t.call(route.method as 'GET' | 'POST', concrete(route.url));
      expect([route.url, res.statusCode]).toEqual([route.url, 401]);
    }
  });

  it('refuses every coded route to an account without the permission, with 403', async () => {
    const { accessToken } = await t.login('member');
    const info = (await t.call('GET', '/api/sysAuth/userInfo', accessToken)).json().result;
    for (const route of t.app.routeTable.filter((r) => r.permission.includes(':'))) {
      if (info.apis.includes(route.permission)) continue;
      const res = await t.call(
        route.method as 'GET' | 'POST',
        concrete(route.url),
        accessToken,
        route.method === 'POST' ? {} : undefined,
      );
      expect([route.url, res.statusCode]).toEqual([route.url, 403]);
    }
  });

  /** Button codes of the core (platform) modules: only the super admin holds them. */
  const platformCodes = (() => {
    const codes = new Set<string>();
    const walk = (nodes: readonly MenuNode[]) => {
      for (const node of nodes) {
        if (node.type === 'btn') codes.add(node.permission);
        else walk(node.children);
      }
    };
    for (const top of MENU_REGISTRY) if (top.scope === 'platform') walk(top.children);
    return codes;
  })();

  it("lets a tenant admin through every tenant route and refuses every core-module route, also to another tenant's admin", async () => {
    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const menus = await trx.selectFrom('sysMenu').select('id').where('scope', '=', 'tenant').execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
        .execute();
    });
    const admins = [
      (await t.login('admin')).accessToken,
      (await t.login('admin', other.password, other.tenantId)).accessToken,
    ];
    for (const token of admins) {
      for (const route of t.app.routeTable.filter((r) => r.permission.includes(':'))) {
        const res = await t.call(
          route.method as 'GET' | 'POST',
          concrete(route.url),
          token,
          route.method === 'POST' ? {} : undefined,
        );
        const refused = [401, 403].includes(res.statusCode);
        expect([route.url, refused]).toEqual([route.url, platformCodes.has(route.permission)]);
      }
    }
  });

  it('lets the super admin through the gate of every route', async () => {
    // One sign-in: one per route would run into the sign-in rate limit (30 a minute) as routes grow.
    const { accessToken } = await t.login('superAdmin');
    for (const route of t.app.routeTable.filter(
      (r) => r.permission !== 'public' && !r.url.endsWith('/logout'),
    )) {
      const res = await t.call(
        route.method as 'GET' | 'POST',
        concrete(route.url),
        accessToken,
        route.method === 'POST' ? {} : undefined,
      );
      expect([route.url, [401, 403].includes(res.statusCode)]).toEqual([route.url, false]);
    }
  });
});
