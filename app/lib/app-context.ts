// What the server hands each page render: the response's CSP nonce, the public site settings and
// read access to the content rows. Fastify fills it per request (server/plugins/react-router.ts)
// under this key, which entry.server exports so the server sees the same key the build uses.
import { createContext as createReactContext, useContext } from 'react';
import { createContext } from 'react-router';
import type { FaqItem, GlossaryEntry } from '../../common/api.ts';
import type { SiteSettings } from '../../content/schema.ts';

export type AppContext = {
  /** Nonce of this response's Content-Security-Policy. */
  cspNonce: string | undefined;
  /** The public part of the configuration: brand, contact details, links. */
  site: SiteSettings;
  /** The content rows pages render on the server. */
  content: { listFaqs(): FaqItem[]; listGlossary(): GlossaryEntry[] };
};

/** Router context key under which the server hands over the AppContext. */
export const appContext = createContext<AppContext>();

/** React context through which the document reads the nonce while rendering on the server. */
export const NonceContext = createReactContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
