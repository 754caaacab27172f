// The request counter and duration histogram (server/metrics.ts) are counted in plain numbers and
// written in Prometheus' text format only when scraped: the text must be what prom-client writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMetrics } from '../../server/metrics.ts';

test('answers counted per series, durations in cumulative buckets with sum and count', async () => {
  const metrics = createMetrics();
  metrics.http.record('GET', '/api/Faqs/GetAllFromFaqs', '2xx', 0.001);
  metrics.http.record('GET', '/api/Faqs/GetAllFromFaqs', '2xx', 0.005);
  metrics.http.record('GET', '/api/Faqs/GetAllFromFaqs', '2xx', 20);
  metrics.http.record('POST', '(page)', '4xx', 0.3);
  const text = await metrics.registry.metrics();
  const line = (name: string) =>
    text
      .split('\n')
      .find((one) => one.startsWith(`${name} `))
      ?.split(' ')[1];
  const faq = 'method="GET",route="/api/Faqs/GetAllFromFaqs",status_class="2xx"';
  assert.equal(line(`http_requests_total{${faq}}`), '3');
  assert.equal(line('http_requests_total{method="POST",route="(page)",status_class="4xx"}'), '1');
  // 0.001 ≤ 0.002; 0.005 ≤ 0.005 (an edge belongs to its bucket); 20 only in +Inf.
  assert.equal(line(`http_request_duration_seconds_bucket{${faq},le="0.002"}`), '1');
  assert.equal(line(`http_request_duration_seconds_bucket{${faq},le="0.005"}`), '2');
  assert.equal(line(`http_request_duration_seconds_bucket{${faq},le="10"}`), '2');
  assert.equal(line(`http_request_duration_seconds_bucket{${faq},le="+Inf"}`), '3');
  assert.equal(Number(line(`http_request_duration_seconds_sum{${faq}}`)), 20.006);
  assert.equal(line(`http_request_duration_seconds_count{${faq}}`), '3');
  assert.match(text, /# TYPE http_request_duration_seconds histogram/);
  assert.match(text, /# TYPE http_requests_total counter/);
});
