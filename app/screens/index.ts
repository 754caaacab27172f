// Every product screen by its id (content/screens.schema.ts SCREEN_IDS): one per feature page
// and the home page's own. Used only by scripts/build-screens.ts; no route imports this folder.
import type { ScreenId } from '../../content/screens.schema.ts';
import type { Screen } from './screen.ts';
import * as admin from './screens-admin.ts';
import * as driverApp from './screens-driver-app.ts';
import * as operations from './screens-operations.ts';
import * as records from './screens-records.ts';

export const SCREENS: Record<ScreenId, Screen> = {
  dashboard: operations.dashboard,
  jobs: operations.jobs,
  drivers: records.drivers,
  fleet: records.fleet,
  fuel: records.fuel,
  accounts: records.accounts,
  contacts: records.contacts,
  breaches: records.breaches,
  mapTracker: operations.mapTracker,
  employeeRegistrations: records.employeeRegistrations,
  settings: admin.settings,
  documents: admin.documents,
  tasks: admin.tasks,
  compliance: admin.compliance,
  qar: admin.qar,
  messaging: operations.messaging,
  advancedSearch: admin.advancedSearch,
  help: admin.help,
  dispatchBoard: operations.dispatchBoard,
  driverRun: driverApp.driverRun,
  driverPod: driverApp.driverPod,
};
