// /privacy: the privacy notice (issue 7): what each form keeps and why, the emails the site sends,
// retention, product news consent and how to ask for a copy or deletion. Copy from
// content/privacy.yaml; the contact address from the site settings.
import type { Route } from './+types/privacy.ts';
import { MARKETING_CONSENT_VERSION } from '../../common/constants.ts';
import { privacyContent } from '../../content/privacy.ts';
import { PrivacyNotice } from '../components/sections/privacy-notice.tsx';
import { PageHero } from '../components/ui/page-hero.tsx';
import { appContext } from '../lib/app-context.ts';
import { pageMeta } from '../lib/seo.ts';
import type { RouteHandle } from '../lib/route-handle.ts';

/** Served from the page cache: the HTML depends only on the URL and the content. */
export const handle: RouteHandle = { cache: 'shared' };

export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(appContext);
  // The date is written out here, on the server: building an Intl.DateTimeFormat in the browser
  // took tens of milliseconds of the page's start-up (a long task on mobile).
  const updated = new Intl.DateTimeFormat('en-AU', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${privacyContent.page.updated}T00:00:00Z`),
  );
  return { content: privacyContent, updated, email: site.contact.email, consentVersion: MARKETING_CONSENT_VERSION };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    args.loaderData?.content.page.title ?? 'Privacy notice',
    args.loaderData?.content.page.description ?? '',
  );

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { content, updated, email, consentVersion } = loaderData;
  return (
    <>
      <PageHero eyebrow={content.page.eyebrow} title={content.page.title}>
        <p>{content.page.lede}</p>
      </PageHero>
      <PrivacyNotice content={content} updated={updated} email={email} consentVersion={consentVersion} />
    </>
  );
}
