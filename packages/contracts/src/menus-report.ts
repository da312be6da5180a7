/**
 * The report directory: data sources (the product's own database, tenant- and scope-filtered, or an
 * external PostgreSQL), report configurations, and the SPEC's hidden viewer route.
 */

import { buttons, type MenuDefinition } from './menu-types.js';

export const REPORT_MENU: MenuDefinition = {
  type: 'dir',
  key: 'report',
  name: 'report',
  title: '报表开发',
  path: '/report',
  component: 'Layout',
  redirect: '/report/config',
  icon: 'BarChartOutlined',
  order: 12500,
  scope: 'tenant',
  children: [
    {
      type: 'menu',
      key: 'sysReportDataSource',
      name: 'sysReportDataSource',
      title: '报表数据源',
      path: '/report/dataSource',
      component: '/system/reportDataSource/index',
      icon: 'DatabaseOutlined',
      order: 100,
      children: buttons('sysReportDataSource', [
        'page',
        'list',
        'detail',
        'add',
        'update',
        'delete',
        'testConnection',
      ]),
    },
    {
      type: 'menu',
      key: 'sysReportConfig',
      name: 'sysReportConfig',
      title: '报表配置',
      path: '/report/config',
      component: '/system/reportConfig/index',
      icon: 'FundOutlined',
      order: 110,
      children: buttons('sysReportConfig', [
        'page',
        'detail',
        'add',
        'update',
        'delete',
        'preview',
        'export',
      ]),
    },
    {
      // SPEC route: the viewer of one report, the tag named by the optional second segment.
      type: 'menu',
      key: 'sysReportView',
      name: 'sysReportView',
      title: '报表查看',
      path: '/report/view/:reportConfigId/:tagsViewName?',
      component: '/system/reportView/index',
      icon: 'FundViewOutlined',
      order: 120,
      isHide: true,
      children: buttons('sysReportConfig', ['view']),
    },
  ],
};
