/**
 * Data approval (issue 14): flow definitions with their designer for administrators, and the two
 * personal pages every account uses — its own requests and its to-do list. The seed grants the
 * personal pages to every role of the default tenant (APPROVAL_PERSONAL_MENU_KEYS).
 */

import { buttons, type MenuDefinition } from './menu-types.js';

export const APPROVAL_MENU: MenuDefinition = {
  type: 'dir',
  key: 'approvalFlow',
  name: 'approvalFlow',
  title: '审批流程',
  path: '/approvalFlow',
  component: 'Layout',
  icon: 'AuditOutlined',
  order: 13100,
  scope: 'tenant',
  children: [
    {
      type: 'menu',
      key: 'approvalFlowDef',
      name: 'approvalFlowDef',
      title: '流程定义',
      path: '/approvalFlow/flow',
      component: '/approvalFlow/flow/index',
      icon: 'PartitionOutlined',
      order: 100,
      children: buttons('approvalFlow', ['page', 'list', 'detail', 'info', 'add', 'update', 'delete']),
    },
    {
      type: 'menu',
      key: 'approvalMine',
      name: 'approvalMine',
      title: '我的申请',
      path: '/approvalFlow/mine',
      component: '/approvalFlow/mine/index',
      icon: 'SolutionOutlined',
      order: 110,
      children: buttons('approvalInstance', ['mine', 'flows', 'submit', 'resubmit', 'withdraw']),
    },
    {
      type: 'menu',
      key: 'approvalTodo',
      name: 'approvalTodo',
      title: '我的待办',
      path: '/approvalFlow/todo',
      component: '/approvalFlow/todo/index',
      icon: 'ScheduleOutlined',
      order: 120,
      children: buttons('approvalInstance', ['todo', 'approve', 'reject', 'return']),
    },
  ],
};

/** The personal approval pages (with their buttons) every role of the default tenant starts with. */
export const APPROVAL_PERSONAL_MENU_KEYS = [
  'menu:approvalFlow',
  'menu:approvalMine',
  'menu:approvalTodo',
] as const;
