// Valid HTML: the server's HTML for every page of the route table (and the 404 page) passes
// html-validate's recommended rules, apart from the few that contradict how React writes HTML.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { HtmlValidate } from 'html-validate';
import { pagePaths } from '../../scripts/size-budgets.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React writes attributes in its DOM-property spelling (charSet, encType, autoComplete);
    // HTML attribute names are case-insensitive, so this is valid HTML.
    'attr-case': 'off',
    // React closes void elements XML-style (<meta/>, <input/>), which HTML allows.
    'void-style': 'off',
    // React writes boolean and empty attributes as name="" (required="", hidden=""), which HTML allows.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // React's useId() makes ids such as _R_1ll5_: valid HTML ids (no spaces), just not letter-first.
    'valid-id': ['error', { relaxed: true }],
    // role="list" on lists styled without bullets is deliberate: Safari's VoiceOver drops the list
    // semantics of a list with list-style: none otherwise.
    'no-redundant-role': 'off',
    'prefer-native-element': ['error', { exclude: ['list'] }],
    // Naming a list (aria-label on <ul>) is allowed ARIA: the list role takes an author name.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // Phone numbers keep plain spaces in the copy; base.css keeps tel: links on one line instead.
    'tel-non-breaking': 'off',
  },
});

let server: TestServer;
before(async () => {
  server = await startServer({}, { pages: true });
});
after(() => server.close());

test('every page of the route table is valid HTML', async () => {
  const problems: string[] = [];
  let validated = 0;
  for (const path of [...pagePaths(), '/no-such-page']) {
    const response = await fetch(server.url + path, { redirect: 'manual' });
    if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
      await response.arrayBuffer();
      continue;
    }
    const report = await validator.validateString(await response.text(), `${path}.html`);
    validated += 1;
    for (const result of report.results) {
      for (const message of result.messages)
        problems.push(
          `${path} ${message.line}:${message.column} ${message.ruleId}: ${message.message} (${message.selector})`,
        );
    }
  }
  assert.ok(validated >= 25, `validated ${validated} pages`);
  assert.deepEqual(problems, []);
});
