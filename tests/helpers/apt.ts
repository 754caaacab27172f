// Installs a Debian package the tests need when it is missing and the tests run as root (as CI
// does); otherwise says how to install it. Nothing is ever downloaded from elsewhere.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

/** apt's package lists are empty until the first `apt-get update` (fresh containers). */
function aptListsPresent(): boolean {
  try {
    return readdirSync('/var/lib/apt/lists').some((name) => name.endsWith('_Packages'));
  } catch {
    return false;
  }
}

function aptKnows(pkg: string): boolean {
  try {
    const out = execSync(`apt-cache policy ${pkg}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /Candidate:\s*(?!\(none\))\S+/.test(out);
  } catch {
    return false;
  }
}

export const isRoot = () => process.getuid?.() === 0;

/** Makes sure `file` exists, installing Debian's `pkg` when it does not and we are root. Returns
 * false (with `why` filled in) when it cannot. */
export function ensureDebianPackage(file: string, pkg: string): { ok: true } | { ok: false; why: string } {
  if (existsSync(file)) return { ok: true };
  if (!isRoot()) return { ok: false, why: `${file} is missing: install it with \`sudo apt-get install -y ${pkg}\`` };
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    if (!aptListsPresent() || !aptKnows(pkg)) execSync('apt-get update', { stdio: 'ignore', env });
    execSync(`apt-get install -y --no-install-recommends ${pkg}`, { stdio: 'ignore', env });
  } catch (error) {
    return { ok: false, why: `apt-get install ${pkg} failed: ${(error as Error).message.split('\n')[0]}` };
  }
  return existsSync(file) ? { ok: true } : { ok: false, why: `apt-get installed ${pkg} but ${file} is still missing` };
}
