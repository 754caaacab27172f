// Finds the Chromium the browser tests drive. Playwright's own browser downloads are not used:
// the tests run the system Chromium (Debian's `chromium` package) through launchOptions.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a quiet, offline-friendly headless run (no sandbox: CI containers run as root). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** apt's package lists are empty until the first `apt-get update` (fresh containers). */
function aptListsPresent(): boolean {
  try {
    return readdirSync('/var/lib/apt/lists').some((name) => name.endsWith('_Packages'));
  } catch {
    return false;
  }
}

function aptKnowsChromium(): boolean {
  try {
    const out = execSync('apt-cache policy chromium', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /Candidate:\s*(?!\(none\))\S+/.test(out);
  } catch {
    return false;
  }
}

/** Path of the Chromium executable; installs Debian's package when running as root. */
export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;

  if (process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    console.log('Chromium not found: installing it with apt-get (one time only)...');
    if (!aptListsPresent() || !aptKnowsChromium()) execSync('apt-get update', { stdio: 'inherit', env });
    execSync('apt-get install -y --no-install-recommends chromium', { stdio: 'inherit', env });
    if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
    throw new Error(
      `apt-get installed chromium but ${SYSTEM_CHROMIUM} is still missing; set CHROMIUM_PATH to its executable.`,
    );
  }

  const envNote = fromEnv ? ` (CHROMIUM_PATH=${fromEnv} does not exist)` : '';
  throw new Error(
    `Chromium is needed for the browser tests but was not found at ${SYSTEM_CHROMIUM}${envNote}. ` +
      'Install it with `sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium executable.',
  );
}
