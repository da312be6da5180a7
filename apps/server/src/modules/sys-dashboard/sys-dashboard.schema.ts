export { DashboardFigures, DashboardFiguresQuery } from '@lintel/contracts/wire';
