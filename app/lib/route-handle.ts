// What a route can tell the shared layout through its `handle` export.
export type RouteHandle = {
  /** Hide the main navbar while this page is shown (the icon gallery). */
  hideNavbar?: boolean;
  /** Hide the footer on this page (signup, the icon gallery). */
  hideFooter?: boolean;
};
