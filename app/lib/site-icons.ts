// The site's PNG icons, drawn from public/favicon.svg at build time (scripts/build-icons.ts):
// named by the root layout (the touch icon), the web app manifest and the JSON-LD logo.
export const SITE_ICONS = [
  { path: '/apple-touch-icon.png', size: 180 },
  { path: '/icon-192.png', size: 192 },
  { path: '/icon-512.png', size: 512 },
] as const;
