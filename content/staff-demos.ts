// A staff member's demo pages' words (content/staff-demos.yaml), typed; validated at build by the schema.
import data from './staff-demos.yaml';
import type { StaffDemosCopy } from './staff-demos.schema.ts';

export const staffDemosCopy = data as StaffDemosCopy;
