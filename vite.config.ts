import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { parse } from 'yaml';
import type { ZodType } from 'zod';

/**
 * Content as data: `import data from '../content/x.yaml'` gives the parsed YAML, validated at build
 * against the `schema` exported by `content/x.schema.ts`. A missing or misspelled field fails the
 * build with a message naming the file and the field.
 */
function contentYaml(): Plugin {
  return {
    name: 'haulora-content-yaml',
    async transform(source, id) {
      if (!id.endsWith('.yaml')) return null;
      const schemaFile = join(dirname(id), `${basename(id, '.yaml')}.schema.ts`);
      const name = `content/${basename(id)}`;
      if (!existsSync(schemaFile)) this.error(`${name}: no schema (expected ${basename(schemaFile)} beside it)`);
      const { schema } = (await import(pathToFileURL(schemaFile).href)) as { schema: ZodType };
      const result = schema.safeParse(parse(source));
      if (!result.success) {
        const issue = result.error.issues[0]!;
        this.error(`${name}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
      }
      return { code: `export default ${JSON.stringify(result.data)};`, map: null };
    },
  };
}

/**
 * `import { Truck } from 'lucide-react'` becomes `import Truck from 'lucide-react/…/icons/truck.mjs'`
 * (decision 042). The package's index re-exports ~1,700 icons: the bundle keeps only the ones
 * used, but the module graph holds them all, so the shell (below) would capture every icon the
 * site uses anywhere. Importing each icon's own file keeps the graph true; the output is the same
 * icons, now in the chunks of the pages that draw them.
 */
function lucideIconFiles(): Plugin {
  const index = readFileSync(new URL('./node_modules/lucide-react/dist/esm/lucide-react.mjs', import.meta.url), 'utf8');
  const files = new Map<string, string>();
  for (const [, names = '', file = ''] of index.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+\.mjs)'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) if (name) files.set(name, file);
  }
  return {
    name: 'haulora-lucide-icon-files',
    enforce: 'pre',
    transform(source, id) {
      if (!/\.tsx?$/.test(id) || id.includes('node_modules') || !source.includes('lucide-react')) return null;
      const code = source.replace(
        /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g,
        (statement, list: string) => {
          const rest: string[] = [];
          const icons: string[] = [];
          for (const specifier of list
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)) {
            const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
            const file = files.get(imported);
            if (file && !imported.startsWith('type '))
              icons.push(`import ${local} from 'lucide-react/dist/esm/${file}';`);
            else rest.push(specifier);
          }
          return [...icons, ...(rest.length > 0 ? [`import { ${rest.join(', ')} } from 'lucide-react';`] : [])].join(
            ' ',
          );
        },
      );
      return code === source ? null : { code, map: null };
    },
  };
}

/** The modules app/root.tsx imports statically, all the way down: every page runs them at start. */
const shellModules = new Set<string>();

/** Finds them once the module graph is complete (buildEnd comes before the chunks are made). */
function shellModuleGraph(): Plugin {
  return {
    name: 'haulora-shell-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      shellModules.clear();
      const queue = [...this.getModuleIds()].filter((id) => id.split('?')[0]!.endsWith('/app/root.tsx'));
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (shellModules.has(id)) continue;
        shellModules.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/;
const FORMS = /[\\/]app[\\/](components[\\/]forms[\\/]|lib[\\/](use-form|form-results|calendar|country-options)\.ts)/;

const ATTRIBUTION = /[\\/](app[\\/]lib[\\/]analytics[\\/]attribution|common[\\/]attribution-fields)\.ts$/;
/** Every page's head tags (0.6 KB, no imports): a file of its own cost every page a request. */
const PAGE_META = /[\\/]app[\\/]lib[\\/]seo\.ts$/;

/** How the content pages render text: the FAQ's list, answers with links, glossary terms linked in place. */
const TEXT_PARTS =
  /[\\/](app[\\/](components[\\/](ui[\\/](rich-text|linked-text)|sections[\\/]faq-list)\.tsx|lib[\\/]glossary-anchors\.ts)|common[\\/]rich-text\.ts)$/;

const PAGE_PARTS =
  /[\\/]app[\\/](components[\\/](sections[\\/](chain-nav|tutorial-list|feature-icon|cta-band|proof[\\/]story-cards)|ui[\\/](product-screen|action-row|loading-overlay))\.tsx|lib[\\/]readable-date\.ts)$/;

/**
 * How the browser's code is cut into files (decision 042). Every response costs a request and
 * ~1.2 KB of headers on the wire, and the default split made 30-48 scripts per page, many under
 * 1 KB (one per icon). So: the framework in one file; the shell every page runs
 * (root.tsx and what it imports statically) in one; the forms' code, which pages load when a
 * form is used or near (decision 026) or at once where the form is the page, in one; the rest
 * (each page's own code, what several pages share, the forms' checks) split as Rolldown does.
 */
const CLIENT_CHUNKS = {
  groups: [
    // Not the entry itself (React Router's default entry.client.tsx lives in @react-router/dev):
    // in the framework's file, every route module importing the framework would run the entry,
    // which then hydrated before the page's route modules were registered (an uncaught
    // "You must be using the SSR features of React Router" when a route module came late).
    {
      name: 'framework',
      test: (id: string) => FRAMEWORK.test(id) && !/entry\.client\.[jt]sx?$/.test(id.split('?')[0]!),
      priority: 5,
    },
    // The tab's attribution (issue 30, ~0.6 KB) is read by the beacon, which loads when the browser
    // is idle, and by the forms: in the shell, so neither pulls the other's file with it. Every
    // page's head tags too.
    {
      name: 'shell',
      test: (id: string) => shellModules.has(id) || ATTRIBUTION.test(id) || PAGE_META.test(id),
      priority: 4,
    },
    // The API client is the forms' and the pages' that read the API in the browser (the FAQ,
    // the glossary): in its own file, or those pages would load every form with it. Those two
    // pages' hook that reads the API after hydration (~0.4 KB) comes with it, not in a file (and
    // a request, ~1.2 KB of headers) of its own.
    {
      name: 'api-client',
      test: /[\\/]app[\\/]lib[\\/](api-client|use-api-copy|use-unchanged)\.ts$/,
      priority: 3,
    },
    // What every form is built from, the staff's included (the labelled fields, typing kept
    // through hydration; ~2 KB): in its own file, or the public forms' file would come with it
    // to the inbox and Content pages, whose forms are their own.
    {
      name: 'form-parts',
      test: /[\\/]app[\\/](lib[\\/]use-typed-early\.ts|components[\\/]ui[\\/]field\.tsx)$/,
      priority: 3,
    },
    { name: 'forms', test: FORMS, priority: 2 },
    // The small parts the content pages share (each 0.2-0.7 KB gzipped, ~5 KB together): one
    // file instead of a dozen, since every request costs ~1.2 KB of headers and counts against
    // the 25-request budget (a feature page fetched 22 scripts once this round's screen, story
    // and call-to-action parts were shared).
    { name: 'page-parts', test: PAGE_PARTS, priority: 0 },
    // The same for how they render text (each 0.2-0.7 KB gzipped, ~1.5 KB together): a feature
    // page fetched all four files, the FAQ and the glossary two, and React Router's route
    // discovery can add a request or two of its own when the network is slow (a second
    // /__manifest while the first is in flight): /faq once counted 26 requests on CI.
    { name: 'text-parts', test: TEXT_PARTS, priority: 0 },
    // The icons pages share (the feature icons, the arrows): one file per group of pages using
    // them rather than one per icon.
    {
      name: 'icons',
      test: /node_modules[\\/]lucide-react[\\/]/,
      entriesAware: true,
      entriesAwareMergeThreshold: 4 * 1024,
      priority: 1,
    },
  ],
};

export default defineConfig({
  plugins: [lucideIconFiles(), contentYaml(), reactRouter(), shellModuleGraph()],
  build: {
    // Inline nothing: every asset is a file so the CSP never needs inline sources, nor data: but for
    // the favicon, written into each page on purpose (app/lib/browser-fetched-links.ts).
    assetsInlineLimit: 0,
    // One stylesheet for the whole site (13 KB gzipped): a page waits for one request instead of
    // ten before its first paint, and every later page has it cached. Mobile LCP on /home went
    // from 2.0 s to 1.1 s (decision 011). base.css is in a cascade layer, so the order of the
    // rules in the merged file cannot let a default override a component.
    cssCodeSplit: false,
    // `BUNDLE_REPORT=1 npm run build` keeps source maps for scripts/bundle-report.ts (which
    // module weighs what in each script); a normal build ships none.
    sourcemap: Boolean(process.env.BUNDLE_REPORT),
  },
  environments: { client: { build: { rolldownOptions: { output: { codeSplitting: CLIENT_CHUNKS } } } } },
});
