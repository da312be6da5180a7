/**
 * The AI study assistant's two directories: the pages students and teachers use (chat, problem
 * solving, learning analysis, similar-question practice, the question bank, student information),
 * and the tenant's AI configuration (model providers and limits, study workflows and prompts).
 * The SPEC's routes `/llm/aiChat`, `/lintelAI/*` and `/aiconfig/workFlowConfig` are kept as given.
 */

import { buttons, type MenuDefinition } from './menu-types.js';

export const AI_MENU: MenuDefinition = {
  type: 'dir',
  key: 'lintelAI',
  name: 'lintelAI',
  title: 'AI 学习助手',
  path: '/lintelAI',
  component: 'Layout',
  icon: 'RobotOutlined',
  order: 13500,
  scope: 'tenant',
  children: [
    {
      type: 'menu',
      key: 'aiChat',
      name: 'aiChat',
      title: 'AI 对话',
      path: '/llm/aiChat',
      component: '/llm/aiChat/index',
      icon: 'CommentOutlined',
      order: 100,
      isKeepAlive: true,
      children: buttons('aiChat', ['list', 'detail', 'chat', 'rename', 'delete']),
    },
    {
      type: 'menu',
      key: 'stuWorkFlow',
      name: 'stuWorkFlow',
      title: 'AI 解题',
      path: '/lintelAI/stuWorkFlow',
      component: '/lintelAI/stuWorkFlow/index',
      icon: 'CalculatorOutlined',
      order: 110,
      isKeepAlive: true,
      children: buttons('stuWorkFlow', ['solve', 'check', 'result']),
    },
    {
      type: 'menu',
      key: 'stuWorkFlowReport',
      name: 'stuWorkFlowReport',
      title: '学情分析',
      path: '/lintelAI/stuWorkFlowReport',
      component: '/lintelAI/stuWorkFlowReport/index',
      icon: 'LineChartOutlined',
      order: 120,
      children: buttons('stuWorkFlowReport', ['stats', 'analyse']),
    },
    {
      type: 'menu',
      key: 'stuWorkFlowPaper',
      name: 'stuWorkFlowPaper',
      title: '相似题练习',
      path: '/lintelAI/stuWorkFlowPaper',
      component: '/lintelAI/stuWorkFlowPaper/index',
      icon: 'FormOutlined',
      order: 130,
      children: buttons('stuWorkFlowPaper', ['list', 'detail', 'generate', 'submit']),
    },
    {
      type: 'menu',
      key: 'stuQuestionBank',
      name: 'stuQuestionBank',
      title: '学生题库',
      path: '/lintelAI/stuQuestionBank',
      component: '/lintelAI/stuQuestionBank/index',
      icon: 'ReadOutlined',
      order: 140,
      children: buttons('stuQuestionBank', ['page', 'detail', 'delete', 'export']),
    },
    {
      type: 'menu',
      key: 'stuInfo',
      name: 'stuInfo',
      title: '学生信息',
      path: '/lintelAI/stuInfo',
      component: '/lintelAI/stuInfo/index',
      icon: 'IdcardOutlined',
      order: 150,
      children: buttons('stuInfo', ['page', 'detail', 'export']),
    },
  ],
};

export const AI_CONFIG_MENU: MenuDefinition = {
  type: 'dir',
  key: 'aiconfig',
  name: 'aiconfig',
  title: 'AI 配置',
  path: '/aiconfig',
  component: 'Layout',
  icon: 'ExperimentOutlined',
  order: 13600,
  scope: 'tenant',
  children: [
    {
      type: 'menu',
      key: 'aiProvider',
      name: 'aiProvider',
      title: '模型服务',
      path: '/aiconfig/provider',
      component: '/aiconfig/provider/index',
      icon: 'CloudServerOutlined',
      order: 100,
      children: buttons('aiProvider', [
        'page',
        'detail',
        'add',
        'update',
        'delete',
        'testConnection',
        'fetchModels',
        'limits',
        'setLimits',
        'usage',
      ]),
    },
    {
      type: 'menu',
      key: 'workFlowConfig',
      name: 'workFlowConfig',
      title: 'AI 工作流配置',
      path: '/aiconfig/workFlowConfig',
      component: '/aiconfig/workFlowConfig/index',
      icon: 'DeploymentUnitOutlined',
      order: 110,
      children: buttons('aiWorkFlowConfig', [
        'page',
        'detail',
        'add',
        'update',
        'delete',
        'prompts',
        'setPrompt',
      ]),
    },
  ],
};

/**
 * The AI study pages every role of the default tenant starts with (the seed grants them): students
 * are most accounts, and teachers see their students through their role's data scope.
 */
export const AI_STUDENT_MENU_KEYS = [
  'menu:lintelAI',
  'menu:aiChat',
  'menu:stuWorkFlow',
  'menu:stuWorkFlowReport',
  'menu:stuWorkFlowPaper',
  'menu:stuQuestionBank',
  'menu:stuInfo',
] as const;
