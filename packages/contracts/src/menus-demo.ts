/**
 * The demo menus (SPEC 2 "Demo and menu titles"): permission demos, nested menus, function demos,
 * page and component demos, route parameters, charts, a data screen, browser tools, an external
 * link and an embedded frame. Every page works on the product's own data and components; a tenant
 * hides the whole directory with its `sys_demo_menus` setting (read when its accounts' menus are
 * computed).
 */

import { buttons, type MenuDefinition, type MenuNode } from './menu-types.js';

/** A page of the demo tree: `/demo/<path>`, its view named by the same path. */
const page = (
  key: string,
  title: string,
  path: string,
  icon: string,
  order: number,
  children: MenuNode[] = [],
): MenuNode => ({
  type: 'menu',
  key,
  name: key,
  title,
  path: `/demo/${path}`,
  component: `/demo/${path}`,
  icon,
  order,
  children,
});

/** One view shows every level of the nested-menu demo: it says where it sits. */
const nested = (key: string, title: string, path: string, order: number): MenuNode => ({
  type: 'menu',
  key,
  name: key,
  title,
  path: `/demo/menu/${path}`,
  component: '/demo/menu/index',
  icon: 'MenuOutlined',
  order,
  children: [],
});

const nestedDir = (
  key: string,
  title: string,
  path: string,
  order: number,
  children: MenuNode[],
): MenuNode => ({
  type: 'dir',
  key,
  name: key,
  title,
  path: `/demo/menu/${path}`,
  redirect: `/demo/menu/${path}/${path.split('/').pop()}1`,
  icon: 'FolderOutlined',
  order,
  children,
});

export const DEMO_MENU: MenuDefinition = {
  type: 'dir',
  key: 'demo',
  name: 'demo',
  title: '功能演示',
  path: '/demo',
  component: 'Layout',
  redirect: '/demo/limit/frontPage',
  icon: 'GiftOutlined',
  order: 13800,
  scope: 'tenant',
  children: [
    {
      type: 'dir',
      key: 'demoLimit',
      name: 'demoLimit',
      title: '权限演示',
      path: '/demo/limit',
      redirect: '/demo/limit/frontPage',
      icon: 'SafetyOutlined',
      order: 100,
      children: [
        page(
          'demoFrontPage',
          '前端页面权限',
          'limit/frontPage',
          'LockOutlined',
          100,
          buttons('demo', ['frontPage']),
        ),
        page(
          'demoFrontBtn',
          '前端按钮权限',
          'limit/frontBtn',
          'KeyOutlined',
          110,
          buttons('demo', ['frontBtnAdd', 'frontBtnEdit', 'frontBtnDelete']),
        ),
        page(
          'demoBackEnd',
          '后端页面权限',
          'limit/backEnd',
          'CloudServerOutlined',
          120,
          buttons('demo', ['backEndPage']),
        ),
      ],
    },
    {
      type: 'dir',
      key: 'demoMenu',
      name: 'demoMenu',
      title: '菜单嵌套',
      path: '/demo/menu',
      redirect: '/demo/menu/menu1/menu11',
      icon: 'MenuOutlined',
      order: 110,
      children: [
        nestedDir('demoMenu1', '菜单1', 'menu1', 100, [
          nested('demoMenu11', '菜单11', 'menu1/menu11', 100),
          nestedDir('demoMenu12', '菜单12', 'menu1/menu12', 110, [
            nested('demoMenu121', '菜单121', 'menu1/menu12/menu121', 100),
            nested('demoMenu122', '菜单122', 'menu1/menu12/menu122', 110),
          ]),
          nested('demoMenu13', '菜单13', 'menu1/menu13', 120),
        ]),
        nested('demoMenu2', '菜单2', 'menu2', 110),
      ],
    },
    {
      type: 'dir',
      key: 'demoFun',
      name: 'demoFun',
      title: '功能演示',
      path: '/demo/fun',
      redirect: '/demo/fun/tagsView',
      icon: 'ToolOutlined',
      order: 120,
      children: [
        page('demoTagsView', '标签页操作', 'fun/tagsView', 'TagsOutlined', 100),
        page('demoCountUp', '数字滚动', 'fun/countUp', 'NumberOutlined', 110),
        page('demoEditor', '富文本编辑器', 'fun/editor', 'FormOutlined', 120),
        page('demoCropper', '图片裁剪', 'fun/cropper', 'PictureOutlined', 130),
        page('demoQrcode', '二维码', 'fun/qrcode', 'MobileOutlined', 140),
        page('demoMap', '地图', 'fun/map', 'EnvironmentOutlined', 150),
        page('demoPrint', '页面打印', 'fun/print', 'PrinterOutlined', 160),
        page('demoClipboard', '剪贴板', 'fun/clipboard', 'FileTextOutlined', 170),
        page('demoGridLayout', '拖拽布局', 'fun/gridLayout', 'LayoutOutlined', 180),
        page('demoSplitPanes', '分割面板', 'fun/splitPanes', 'PartitionOutlined', 190),
        page('demoDragVerify', '拖动验证', 'fun/dragVerify', 'SafetyOutlined', 200),
      ],
    },
    page('demoPages', '页面演示', 'pages', 'ProfileOutlined', 130),
    page('demoComponents', '组件演示', 'components', 'AppstoreAddOutlined', 140),
    page('demoParams', '路由参数', 'params', 'BranchesOutlined', 150),
    {
      // A path parameter and an optional tag name, as the SPEC's report viewer route has them.
      type: 'menu',
      key: 'demoParamsView',
      name: 'demoParamsView',
      title: '路由参数详情',
      path: '/demo/params/view/:id/:tagsViewName?',
      component: '/demo/params/view',
      icon: 'BranchesOutlined',
      order: 155,
      isHide: true,
      children: [],
    },
    page('demoChart', '图表', 'chart', 'LineChartOutlined', 160, buttons('demo', ['chart'])),
    page('demoScreen', '数据可视化', 'screen', 'FundOutlined', 170, buttons('demo', ['screen'])),
    page('demoTools', '工具', 'tools', 'CodeOutlined', 175),
    {
      // Opens in a new tab (meta.isLink without meta.isIframe), as the help directory's links do.
      type: 'menu',
      key: 'demoLink',
      name: 'demoLink',
      title: '外链',
      path: '/demo/link',
      icon: 'LinkOutlined',
      order: 180,
      outLink: 'https://github.com/zuohuaijun/Admin.NET',
      children: [],
    },
    {
      // A page of this site inside the shell: the API documentation (its own login without sysApi:docs).
      type: 'menu',
      key: 'demoIframe',
      name: 'demoIframe',
      title: '内嵌 iframe',
      path: '/demo/iframe',
      icon: 'DesktopOutlined',
      order: 190,
      isIframe: true,
      outLink: '/swagger',
      children: [],
    },
  ],
};

/** Registry keys (`menu:<key>` and button codes, as the seed stores them) of the whole demo tree. */
export function demoMenuKeys(): string[] {
  const keys: string[] = [];
  const walk = (node: MenuNode) => {
    if (node.type === 'btn') {
      keys.push(node.permission);
      return;
    }
    keys.push(`menu:${node.key}`);
    node.children.forEach(walk);
  };
  walk({ ...DEMO_MENU, children: DEMO_MENU.children });
  return keys;
}
