/** The wire of sysMenu lives in @lintel/contracts (wire/menu.ts), shared with the web app. */
export {
  AddMenuBody,
  LoginMenuNode,
  MenuListNode as MenuNode,
  MenuListQuery as ListQuery,
  MenuTypeValue,
  Pid,
  UpdateMenuBody,
} from '@lintel/contracts/wire';
