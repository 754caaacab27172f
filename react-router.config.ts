import type { Config } from '@react-router/dev/config';

// Every route is rendered on the server per request so each response carries a fresh CSP nonce
// and the latest FAQ and glossary rows (docs/decisions/0002-react-router-in-fastify.md).
export default {
  appDirectory: 'app',
  // BUILD_DIR lets several builds coexist (server/paths.ts reads the same variable).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  // A route's clientLoader stays in the route's own file: split out (the default), it was a
  // request of its own on /faq and /glossary, whose loaders are 0.5 KB and always wanted with
  // the page (issue 32's 25-request budget).
  splitRouteModules: false,
} satisfies Config;
