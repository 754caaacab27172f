// The staff account the browser tests sign in with: tests/e2e/site-server.ts creates it in the
// test server's fresh database; it exists nowhere else.
export const E2E_STAFF = { username: 'e2e.dispatcher', password: 'freight-lanes-east-2026' } as const;
/** A staff member with the sales role: the inbox only (issue 19). */
export const E2E_SALES = { username: 'e2e.seller', password: 'quotes-and-lanes-west-2026' } as const;
