// What a route can tell the shared layout through its `handle` export.
export type RouteHandle = {
  /** Hide the main navbar while this page is shown (the icon gallery). */
  hideNavbar?: boolean;
  /** Hide the footer on this page (signup, the icon gallery). */
  hideFooter?: boolean;
  /** 'shared': the page's HTML depends only on its URL and the site's content, so the server may
   * answer it from a rendered copy (server/plugins/page-cache.ts). Never for a page that reads the
   * visitor, a query it echoes, or a form post. */
  cache?: 'shared';
};
