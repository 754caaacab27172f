// Configuration: safe defaults, overrides, and one line naming a bad variable.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../server/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'haulora-config-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  test('has safe defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.env, 'development');
    assert.equal(config.database.file, join(dataDir, 'haulora.sqlite'));
    assert.equal(config.trustProxy, false);
    assert.equal(config.site.brand, 'Haulora');
    assert.match(config.site.contact.email, /@/);
  });

  test('outside production the token secret is generated once and kept private in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    assert.equal(first, second);
    assert.ok(first.length >= 32);
    const file = join(dataDir, 'token-secret');
    assert.ok(existsSync(file));
    assert.equal(readFileSync(file, 'utf8').trim(), first);
    assert.equal(statSync(file).mode & 0o777, 0o600);
  });

  test('production requires TOKEN_SECRET', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^TOKEN_SECRET: /);
        return true;
      },
    );
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, TOKEN_SECRET: 's'.repeat(32) });
    assert.equal(config.tokenSecret, 's'.repeat(32));
  });

  for (const [name, value] of [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['TOKEN_SECRET', 'short'],
    ['RATE_LIMIT_FORMS_PER_MINUTE', '0'],
    ['TRUST_PROXY', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SITE_CONTACT_EMAIL', 'not an email'],
    ['SITE_API_REFERENCE_URL', 'nowhere'],
  ] as const) {
    test(`${name}=${value} is refused with a message naming ${name}`, () => {
      assert.throws(
        () => loadConfig({ DATA_DIR: dataDir, [name]: value }),
        (error: Error) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, new RegExp(`^${name}: `));
          assert.doesNotMatch(error.message, /\n/);
          return true;
        },
      );
    });
  }

  test('environment variables override the site file', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SITE_CONTACT_EMAIL: 'sales@haulora.example',
      SITE_BRAND: 'Haulora AU',
      PORT: '8080',
    });
    assert.equal(config.site.contact.email, 'sales@haulora.example');
    assert.equal(config.site.brand, 'Haulora AU');
    assert.equal(config.port, 8080);
  });

  test('an empty variable means the default', () => {
    assert.equal(loadConfig({ DATA_DIR: dataDir, PORT: '' }).port, 3000);
  });
});
