/** The request and row schemas of sysRegion live in the wire contract (@lintel/contracts). */
export {
  AddRegionBody,
  RegionListQuery,
  RegionOutput,
  RegionPageBody,
  RegionPageOutput,
  RegionSyncBody,
  RegionSyncReport,
  RegionTreeNode,
  RegionTreeQuery,
  UpdateRegionBody,
  type RegionInput,
  type RegionPageInput,
  type RegionRow,
  type RegionSyncResult,
  type RegionTreeRow,
  type RegionUpdate,
} from '@lintel/contracts/wire';
