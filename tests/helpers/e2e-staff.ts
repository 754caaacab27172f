// The staff account the browser tests sign in with: tests/e2e/global-setup.ts creates it in the
// test server's fresh database; it exists nowhere else.
export const E2E_STAFF = { username: 'e2e.dispatcher', password: 'freight-lanes-east-2026' } as const;
