// The product screens as markup for drawing one into a page (build/screens.json, decision 034),
// given to the server's render only (entry.server.tsx): the markup reaches the browser in the
// page's HTML and nowhere else, so it is not sent twice (in the page's data too).
import { createContext } from 'react';
import type { ScreenId } from '../../content/screens.schema.ts';

export const InlineScreens = createContext<Partial<Record<ScreenId, string>>>({});
