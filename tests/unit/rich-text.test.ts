// The staff text format: paragraphs, line breaks and safe links only; anything else is text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRichText, richTextToPlain, safeHref } from '../../common/rich-text.ts';

test('blank lines make paragraphs, single line ends stay inside one', () => {
  assert.deepEqual(parseRichText('One\ntwo\r\n\r\n\n Three '), [
    [[{ kind: 'text', text: 'One' }], [{ kind: 'text', text: 'two' }]],
    [[{ kind: 'text', text: 'Three' }]],
  ]);
});

test('links: [text](https://…), [text](/path) and bare https addresses; trailing punctuation stays text', () => {
  assert.deepEqual(parseRichText('See [the docs](/docs) or https://example.com/a?b=1.'), [
    [
      [
        { kind: 'text', text: 'See ' },
        { kind: 'link', text: 'the docs', href: '/docs' },
        { kind: 'text', text: ' or ' },
        { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
        { kind: 'text', text: '.' },
      ],
    ],
  ]);
});

test('HTML and dangerous links stay text', () => {
  for (const text of [
    '<script>alert(1)</script>',
    '[x](javascript:alert(1))',
    '[x](//evil.example)',
    '[x](data:text/html,hi)',
    '<a href="https://x.example">x</a>',
  ]) {
    const segments = parseRichText(text).flat(2);
    assert.ok(
      segments.every((s) => s.kind === 'text' || s.href.startsWith('https://x.example')),
      text,
    );
  }
  assert.equal(safeHref('javascript:alert(1)'), null);
  assert.equal(safeHref('/\\evil.example'), null);
  assert.equal(richTextToPlain('A [link](/faq)\n\nB'), 'A link\n\nB');
});
