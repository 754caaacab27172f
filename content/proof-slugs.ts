// The customer stories' and integrations' paths (issue 28), like feature-slugs.ts: plain data the
// page list, the sitemap and the build scripts read without loading YAML. Each slug here needs its
// entry in content/customers.yaml or content/integrations.yaml, and each entry a slug here (the
// schemas check both ways).
export const CUSTOMER_SLUGS = [
  'coastline-couriers',
  'redgum-linehaul',
  'tasman-freight-group',
  'southern-cold-chain',
  'ironbark-haulage',
] as const;

export const INTEGRATION_SLUGS = [
  'trackline-telematics',
  'pathwise-ewd',
  'orbitrak-eld',
  'ledgerly',
  'tallybook',
  'payroll-bridge',
  'roadfuel-card',
  'motorway-fuel-network',
  'edi-bookings',
  'shopdrop-orders',
  'csv-import',
  'waypoint-maps',
  'heavyroute-planner',
] as const;

/** Whether a list of entries has exactly the given slugs, each once. */
export const sameSlugs = (entries: ReadonlyArray<{ slug: string }>, slugs: readonly string[]) =>
  entries.length === slugs.length && slugs.every((slug) => entries.some((entry) => entry.slug === slug));
