// What ingestion works out of an event before the address and user agent are dropped (issue 30):
// the source (UTM tag, click id, known referrer, other host, direct), the path without its query,
// the device class, and a visitor id that changes with the salt.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { eventSchema } from '../../common/analytics.ts';
import { deviceClass, DIRECT, landingOf, visitorId } from '../../server/services/analytics/visitor.ts';

const SITE = 'haulora.example';

describe('analytics: what an event says about its visit', () => {
  test('the source: utm_source first, then a click id, then the referrer, else direct', () => {
    assert.equal(landingOf('/fleet?utm_source=LinkedIn&gclid=x', 'https://www.google.com/', SITE).source, 'linkedin');
    assert.equal(landingOf('/fleet?gclid=abc', undefined, SITE).source, 'Google Ads');
    assert.equal(landingOf('/fleet?li_fat_id=abc', undefined, SITE).source, 'LinkedIn');
    assert.equal(landingOf('/', 'https://www.google.com.au/search?q=tms', SITE).source, 'Google');
    assert.equal(landingOf('/', 'https://news.ycombinator.com/item?id=1', SITE).source, 'news.ycombinator.com');
    assert.equal(
      landingOf('/', 'https://user:pw@www.partner.example:8443/x', SITE).referrerHost,
      'partner.example:8443',
    );
    assert.equal(
      landingOf('/faq', `https://${SITE}/home`, SITE).source,
      DIRECT,
      'the site’s own pages are not a source',
    );
    assert.equal(landingOf('/faq', `https://${SITE}/home`, SITE).referrerHost, null);
    assert.equal(landingOf('/', undefined, SITE).source, DIRECT);
  });

  test('the path keeps no query; the tags are trimmed and capped', () => {
    const landing = landingOf(
      `/request-demo?email=a%40b.c&utm_campaign=%20spring%20&utm_medium=CPC&utm_term=${'t'.repeat(300)}`,
      '',
      SITE,
    );
    assert.equal(landing.path, '/request-demo');
    assert.equal(landing.utm_campaign, 'spring');
    assert.equal(landing.utm_medium, 'cpc');
    assert.equal(landing.utm_term?.length, 100);
  });

  test('device classes and a visitor id that changes with the day’s salt', () => {
    assert.equal(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148'), 'mobile');
    assert.equal(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)'), 'tablet');
    assert.equal(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Safari/537.36'), 'tablet');
    assert.equal(
      deviceClass('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36'),
      'mobile',
    );
    assert.equal(deviceClass('Mozilla/5.0 (Windows NT 10.0; Win64; x64)'), 'desktop');
    const one = visitorId('salt-1', SITE, '203.0.113.5', 'UA');
    assert.equal(one, visitorId('salt-1', SITE, '203.0.113.5', 'UA'));
    assert.notEqual(one, visitorId('salt-2', SITE, '203.0.113.5', 'UA'));
    assert.notEqual(one, visitorId('salt-1', SITE, '203.0.113.6', 'UA'));
    assert.match(one, /^[\w-]{22}$/);
    // The id's recipe is fixed: a change would count the day's visitors twice across a deploy.
    assert.equal(one, 'eb6fm4imBI4NPAReSglE1p');
  });

  test('referrers: http(s) with a host, nothing a URL cannot hold', () => {
    const ok = (referrer: string) => eventSchema.safeParse({ type: 'pageview', path: '/', referrer }).success;
    for (const referrer of ['', 'https://www.google.com/', 'http://a.example', 'https://a.example/p?q=1#x'])
      assert.ok(ok(referrer), referrer);
    for (const referrer of [
      'javascript:alert(1)',
      'https://',
      'https:///x',
      'https://a b.example/',
      'ftp://a.example/',
      'https://a.example/\n',
    ])
      assert.ok(!ok(referrer), referrer);
  });
});
