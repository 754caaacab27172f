// The feature pages' paths, in the spec's previous/next order (spec 2, Feature pages). The chain
// runs features → dashboard → … → help → features; content/features.yaml holds each page's copy.
export const FEATURE_SLUGS = [
  'dashboard',
  'jobs',
  'drivers',
  'fleet',
  'fuel',
  'accounts',
  'contacts',
  'breaches',
  'mapTracker',
  'employeeRegistrations',
  'settings',
  'documents',
  'tasks',
  'compliance',
  'qar',
  'messaging',
  'advancedSearch',
  'help',
] as const;
export type FeatureSlug = (typeof FEATURE_SLUGS)[number];
