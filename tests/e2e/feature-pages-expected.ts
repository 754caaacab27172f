// What the spec (spec 2, Feature pages) says each feature page shows: its title, the items (h3) it
// lists and details named inside them. Written out independently of content/features.yaml so that
// a wrong edit to the copy fails the browser tests (features.spec.ts, product-screens.spec.ts).
import type { FeatureSlug } from '../../content/feature-slugs.ts';

/** Each feature page's title, and the items (h3) the spec lists for it. */
export const FEATURES: Record<FeatureSlug, { title: string; items: string[] }> = {
  dashboard: {
    title: 'Dashboard',
    items: [
      'Pending Jobs',
      'Processing Jobs',
      'Active Drivers',
      'Active Fleets',
      'Monthly Profit',
      'Sales/Costs/Bills/Reports',
      'Map Satellite',
      'Activities',
      'Reminders',
      'Map Tracker Data Table',
    ],
  },
  jobs: {
    title: 'Jobs',
    items: [
      'Create Booking',
      'Import CSV',
      'Connotes',
      'Local Dispatch',
      'Local Manifest',
      'Linehaul Dispatch',
      'Linehaul Manifest',
      'Activities',
      'Local',
      'Linehaul',
      'Empty Run',
      'Tow Haul',
      'Fleet Hire',
    ],
  },
  drivers: { title: 'Drivers', items: ['Driver Management', 'Add Driver', 'Incidents'] },
  fleet: { title: 'Fleet', items: ['Fleet Management', 'Fleet Assets', 'Fleet Maintenance', 'Dispatch to a Fleet'] },
  fuel: {
    title: 'Fuel',
    items: ['Total for the Year', 'Total for the Month', 'Total for the Week', 'Latest Cost', 'Fuel Cards'],
  },
  accounts: {
    title: 'Accounts',
    items: ['Current', 'Weekly', 'Linehaul', 'Local', 'Invoices', 'Bills', 'Credit Notes'],
  },
  contacts: { title: 'Contacts', items: ['People', 'Customers', 'Suppliers'] },
  breaches: { title: 'Breaches', items: ['Breach Requests', 'Responses', 'Settings'] },
  mapTracker: {
    title: 'Map Tracker',
    items: ['Live Map', 'Driver Activity by Date', 'Activity Type', 'Fleet and Jobs'],
  },
  employeeRegistrations: {
    title: 'Employee Registrations',
    items: ['Columns', 'Summary', 'Filter List', 'Print', 'Export'],
  },
  settings: {
    title: 'Settings',
    items: [
      'My Profile',
      'Admin Accounts',
      'Business Profile',
      'Employee Positions',
      'Checklists',
      'Route Templates',
      'Costing and Invoice',
      'Payroll Setting',
      'Job Cost Defaults',
      'Alert Rules',
      'Fleet Service Interval',
      'App Settings',
      'Alert Templates',
      'Weekly Inspection',
      'Invoice Banks',
      'Service Types',
      'Global Notifications',
    ],
  },
  documents: { title: 'Documents', items: ['Add', 'Edit', 'Update', 'Delete'] },
  tasks: { title: 'Tasks', items: ['Assigned to Each Administrator'] },
  compliance: { title: 'Compliance', items: ['Compliance Summary', 'Compliance List per Job'] },
  qar: { title: 'QAR', items: ['List of Errors', 'Verify'] },
  messaging: { title: 'Messaging', items: ['Mobile Push', 'SMS', 'Email', 'Recipient', 'Subject', 'Message'] },
  advancedSearch: { title: 'Advanced Search', items: ['Search Bar'] },
  help: { title: 'Help', items: ['Manual', 'Video Tutorials', 'FAQ', 'API Reference'] },
};

/** Details the spec names inside an item, checked as text on the page. */
export const DETAILS: Partial<Record<FeatureSlug, (string | RegExp)[]>> = {
  drivers: ['Incident reports', 'Traffic tickets'],
  fleet: ['Tyres', 'Insurance', 'Compliance and permits', 'Registration', 'Fees', 'Services', 'Reports', 'Repairs'],
  accounts: ['Draft', 'Approved', 'Voided'],
  breaches: [/^Autopilot mode/, /^Permission to accept or reject/],
  settings: ['Driver', 'Car', 'Truck', 'Trailer'],
};
