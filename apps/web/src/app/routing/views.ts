import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Views by the component path the server's menu tree names. A menu whose component is not listed
 * here gets no route, so opening it shows the not-found page instead of a placeholder.
 */
export const VIEWS: Record<string, LazyExoticComponent<ComponentType>> = {
  '/home/index': lazy(() => import('../../features/dashboard/home-page')),
  '/system/user/component/userCenter': lazy(() => import('../../features/personal/user-center-page')),
  '/about/index': lazy(() => import('../../features/about/about-page')),
  '/system/infoSetting/index': lazy(() => import('../../features/info-setting/info-setting-page')),
  '/system/user/index': lazy(() => import('../../features/system/user/user-page')),
  '/system/role/index': lazy(() => import('../../features/system/role/role-page')),
  '/system/org/index': lazy(() => import('../../features/system/org/org-page')),
  '/system/pos/index': lazy(() => import('../../features/system/pos/pos-page')),
  '/system/onlineUser/index': lazy(() => import('../../features/system/online-user/online-user-page')),
  '/system/tenant/index': lazy(() => import('../../features/system/tenant/tenant-page')),
  '/system/oauth/index': lazy(() => import('../../features/oauth/oauth-admin-page')),
  '/system/menu/index': lazy(() => import('../../features/system/menu/menu-page')),
  '/system/log/oplog/index': lazy(() => import('../../features/system/log/op-log-page')),
  '/system/log/difflog/index': lazy(() => import('../../features/system/log/diff-log-page')),
  '/system/log/vislog/index': lazy(() => import('../../features/system/log/vis-log-page')),
  '/system/log/exlog/index': lazy(() => import('../../features/system/log/ex-log-page')),
  '/system/log/httplog/index': lazy(() => import('../../features/system/log/http-log-page')),
  '/system/database/index': lazy(() => import('../../features/develop/database/database-page')),
  '/system/database/visual': lazy(() => import('../../features/develop/database/visual-page')),
  '/system/codeGen/index': lazy(() => import('../../features/develop/code-gen/code-gen-page')),
  '/system/file/index': lazy(() => import('../../features/system/file/file-page')),
  '/system/notice/index': lazy(() => import('../../features/notice/notice-page')),
  '/system/inbox/index': lazy(() => import('../../features/message/inbox-page')),
  '/system/log/msglog/index': lazy(() => import('../../features/message/msg-log-page')),
  '/system/dict/index': lazy(() => import('../../features/system/dict/dict-page')),
  '/system/job/index': lazy(() => import('../../features/platform/job/job-page')),
  '/system/region/index': lazy(() => import('../../features/platform/region/region-page')),
  '/system/cache/index': lazy(() => import('../../features/platform/cache/cache-page')),
  '/system/server/index': lazy(() => import('../../features/platform/server/server-page')),
  '/system/config/index': lazy(() => import('../../features/system/config/config-page')),
  '/system/lang/index': lazy(() => import('../../features/system/lang/lang-page')),
  '/llm/aiChat/index': lazy(() => import('../../features/ai/chat/ai-chat-page')),
  '/aiconfig/provider/index': lazy(() => import('../../features/ai/provider/provider-page')),
  '/lintelAI/stuWorkFlow/index': lazy(() => import('../../features/ai/study/solve-page')),
  '/lintelAI/stuWorkFlowReport/index': lazy(() => import('../../features/ai/study/report-page')),
  '/lintelAI/stuWorkFlowPaper/index': lazy(() => import('../../features/ai/study/paper-page')),
  '/lintelAI/stuQuestionBank/index': lazy(() => import('../../features/ai/study/question-bank-page')),
  '/lintelAI/stuInfo/index': lazy(() => import('../../features/ai/study/student-info-page')),
  '/aiconfig/workFlowConfig/index': lazy(() => import('../../features/ai/study/workflow-config-page')),
  // lintel:views (the code generator adds its modules' pages above)
};
