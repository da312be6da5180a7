/** The wire of sysOrg lives in @lintel/contracts (wire/org.ts), shared with the web app. */
export {
  AddOrgBody,
  OrgInfo,
  OrgListQuery,
  OrgNode,
  UpdateOrgBody,
  type OrgFilter,
  type OrgInput,
  type OrgUpdate,
} from '@lintel/contracts/wire';
