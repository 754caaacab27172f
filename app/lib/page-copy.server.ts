// The copy a page's loader renders (issue 31): its file of content/ with the Content area's edits
// laid over it, from the server (server/services/page-copy.ts), typed by the file's schema. The
// server checked every edit with that very schema, so the cast holds as the build's import does.
import type { ChangelogContent } from '../../content/changelog.schema.ts';
import type { CustomersContent } from '../../content/customers.schema.ts';
import type { DocsContent } from '../../content/docs.schema.ts';
import type { FeaturesContent } from '../../content/features.schema.ts';
import type { HomeContent } from '../../content/home.schema.ts';
import type { IntegrationsContent } from '../../content/integrations.schema.ts';
import type { LandingContent } from '../../content/landing.schema.ts';
import type { OfferContent } from '../../content/offer.schema.ts';
import type { SecurityContent } from '../../content/security.schema.ts';
import type { SignupContent } from '../../content/signup.schema.ts';
import type { Tutorials } from '../../content/tutorials.schema.ts';
import type { UserProfileContent } from '../../content/user-profile.schema.ts';
import type { AppContext } from './app-context.ts';

type CopyOf = {
  home: HomeContent;
  features: FeaturesContent;
  customers: CustomersContent;
  integrations: IntegrationsContent;
  changelog: ChangelogContent;
  security: SecurityContent;
  docs: DocsContent;
  tutorials: Tutorials;
  offer: OfferContent;
  landing: LandingContent;
  signup: SignupContent;
  'user-profile': UserProfileContent;
};

/** The copy of one file of content/ as the site shows it now. */
export const pageCopy = <F extends keyof CopyOf>(app: Pick<AppContext, 'pages'>, file: F): Promise<CopyOf[F]> =>
  app.pages.file(file) as Promise<CopyOf[F]>;
