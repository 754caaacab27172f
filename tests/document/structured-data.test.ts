// The pages' JSON-LD (app/lib/structured-data.server.ts), validated against the schema.org types
// it uses: every node's type is one we know, every property belongs to its type (schema.org's
// properties of the type and its parents), the properties a consumer needs are there with the
// right kind of value, and every @id reference points at a node. Then, page by page, the data
// says what the page shows. No network: the vocabulary below is the part of schema.org we use.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { FEATURE_SLUGS } from '../../content/feature-slugs.ts';
import { SITEMAP_PATHS } from '../../app/lib/site-pages.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const SITE_URL = 'https://www.haulora.example';

type Node = Record<string, unknown>;
type Check = (value: unknown) => boolean;

const isText: Check = (value) => typeof value === 'string' && value.trim().length > 0;
const isUrl: Check = (value) => typeof value === 'string' && /^https:\/\/[^\s]+$/.test(value) && URL.canParse(value);
const isSiteUrl: Check = (value) => isUrl(value) && new URL(value as string).origin === SITE_URL;
const isPosition: Check = (value) => Number.isInteger(value) && (value as number) >= 1;
const isNode =
  (type: string): Check =>
  (value) =>
    typeof value === 'object' && value !== null && ((value as Node)['@type'] === type || '@id' in value);
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.length > 0 && value.every(check);
const isOneOf =
  (...values: string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);

/**
 * The schema.org types we publish: for each, every property we may use (its own and its
 * parents', from schema.org) with the check its value must pass, and which of them are required
 * (schema.org's expected properties and Google's required ones for the rich result).
 */
const VOCABULARY: Record<string, { required: string[]; properties: Record<string, Check> }> = {
  Organization: {
    required: ['name', 'url', 'logo'],
    properties: {
      '@id': isSiteUrl,
      name: isText,
      description: isText,
      url: isSiteUrl,
      logo: isSiteUrl,
      email: (value) => typeof value === 'string' && /^[^@\s]+@[^@\s]+$/.test(value),
      telephone: (value) => typeof value === 'string' && /^\+[\d ]+$/.test(value),
      address: isText,
      contactPoint: isNode('ContactPoint'),
      sameAs: listOf(isUrl),
    },
  },
  ContactPoint: {
    required: ['contactType'],
    properties: {
      contactType: isText,
      email: isText,
      telephone: isText,
      availableLanguage: isText,
      areaServed: isText,
    },
  },
  WebSite: {
    required: ['name', 'url'],
    properties: {
      '@id': isSiteUrl,
      name: isText,
      url: isSiteUrl,
      inLanguage: isText,
      publisher: isNode('Organization'),
    },
  },
  SoftwareApplication: {
    required: ['name', 'applicationCategory', 'operatingSystem', 'offers'],
    properties: {
      name: isText,
      description: isText,
      url: isSiteUrl,
      applicationCategory: isText,
      applicationSubCategory: isText,
      operatingSystem: isText,
      publisher: isNode('Organization'),
      offers: listOf(isNode('Offer')),
    },
  },
  Offer: {
    required: ['name', 'url', 'availability'],
    properties: {
      name: isText,
      description: isText,
      url: isSiteUrl,
      availability: isOneOf(
        'https://schema.org/InStock',
        'https://schema.org/PreOrder',
        'https://schema.org/OnlineOnly',
      ),
      seller: isNode('Organization'),
      price: (value) => typeof value === 'number' || (typeof value === 'string' && /^\d+(\.\d+)?$/.test(value)),
      priceCurrency: (value) => typeof value === 'string' && /^[A-Z]{3}$/.test(value),
    },
  },
  BreadcrumbList: {
    required: ['itemListElement'],
    properties: { itemListElement: listOf(isNode('ListItem')) },
  },
  ListItem: {
    required: ['position', 'name', 'item'],
    properties: { position: isPosition, name: isText, item: isSiteUrl },
  },
  FAQPage: {
    required: ['mainEntity'],
    properties: { mainEntity: listOf(isNode('Question')) },
  },
  Question: { required: ['name', 'acceptedAnswer'], properties: { name: isText, acceptedAnswer: isNode('Answer') } },
  Answer: { required: ['text'], properties: { text: isText } },
};

/** Every typed node in a block, nested ones included, with where it was found. */
function* typedNodes(value: unknown, where: string): Generator<{ node: Node; where: string }> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* typedNodes(item, `${where}[${index}]`);
  } else if (typeof value === 'object' && value !== null) {
    const node = value as Node;
    if ('@type' in node) yield { node, where };
    for (const [key, item] of Object.entries(node)) if (key !== '@context') yield* typedNodes(item, `${where}.${key}`);
  }
}

/** The problems with one page's blocks against the vocabulary, as readable lines. */
function validate(blocks: unknown[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const references: string[] = [];
  for (const [index, block] of blocks.entries()) {
    if ((block as Node)['@context'] !== 'https://schema.org')
      problems.push(`block ${index}: @context is not https://schema.org`);
    const top = '@graph' in (block as Node) ? ((block as Node)['@graph'] as unknown[]) : [block];
    for (const { node, where } of typedNodes(top, `block ${index}`)) {
      const type = String(node['@type']);
      const vocabulary = VOCABULARY[type];
      if (!vocabulary) {
        problems.push(`${where}: unknown type ${type}`);
        continue;
      }
      if (typeof node['@id'] === 'string') ids.add(node['@id']);
      for (const name of vocabulary.required) if (!(name in node)) problems.push(`${where} (${type}): missing ${name}`);
      for (const [name, value] of Object.entries(node)) {
        if (name === '@type' || name === '@context') continue;
        const check = vocabulary.properties[name];
        if (!check) problems.push(`${where} (${type}): ${name} is not a property of ${type}`);
        else if (!check(value)) problems.push(`${where} (${type}): ${name} has a bad value ${JSON.stringify(value)}`);
      }
    }
    // References: objects holding only an @id.
    JSON.stringify(block, (key, value: unknown) => {
      if (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.keys(value).length === 1 &&
        '@id' in value
      )
        references.push(String((value as Node)['@id']));
      return value;
    });
  }
  for (const id of references) if (!ids.has(id)) problems.push(`reference to ${id}, which no node has`);
  return problems;
}

let server: TestServer;
before(async () => {
  server = await startServer({ SITE_URL }, { pages: true });
});
after(() => server.close());

async function blocksOf(path: string) {
  const response = await server.app.inject({ method: 'GET', url: path });
  assert.equal(response.statusCode, 200, path);
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
  const scripts = [...response.body.matchAll(/<script type="application\/ld\+json"([^>]*)>([^]*?)<\/script>/g)];
  for (const [, attributes, body] of scripts) {
    assert.ok(
      nonce && attributes!.includes(`nonce="${nonce}"`),
      `${path}: every JSON-LD block carries the response's nonce`,
    );
    assert.ok(!body!.includes('<'), `${path}: no raw < inside a JSON-LD block`);
  }
  const blocks = scripts.map(([, , body]) => JSON.parse(body!) as Node);
  const nodes = blocks.flatMap((block) =>
    [...typedNodes('@graph' in block ? block['@graph'] : [block], path)].map(({ node }) => node),
  );
  return {
    blocks,
    nodes,
    html: response.body,
    ofType: (type: string) => nodes.filter((node) => node['@type'] === type),
  };
}

const offer = parse(readFileSync(new URL('../../content/offer.yaml', import.meta.url), 'utf8')) as {
  plans: { name: string }[];
};

describe('the validator', () => {
  test('finds what is wrong with a block', () => {
    const problems = validate([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'X',
        url: 'http://elsewhere.example/',
        logos: 'x',
        publisher: { '@id': 'nowhere' },
      },
      { '@context': 'https://schema.org', '@type': 'Thing' },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [{ '@type': 'ListItem', position: 0, name: '' }],
      },
    ]);
    for (const expected of [
      /Organization\): missing logo/,
      /url has a bad value/,
      /logos is not a property of Organization/,
      /publisher is not a property/,
      /reference to nowhere/,
      /unknown type Thing/,
      /ListItem\): missing item/,
      /position has a bad value 0/,
      /name has a bad value ""/,
    ]) {
      assert.ok(
        problems.some((line) => expected.test(line)),
        `${expected} in ${problems.join('\n')}`,
      );
    }
  });
});

describe('structured data', () => {
  test('every public page passes the validator and carries the Organization and the WebSite once', async () => {
    for (const path of SITEMAP_PATHS) {
      const { blocks, ofType } = await blocksOf(path);
      assert.deepEqual(validate(blocks), [], path);
      assert.equal(ofType('Organization').length, 1, `${path}: one Organization`);
      assert.equal(ofType('WebSite').length, 1, `${path}: one WebSite`);
      const [organization] = ofType('Organization');
      assert.equal(organization!.name, 'Haulora');
      assert.deepEqual(organization!.sameAs, [
        'https://www.linkedin.com/company/haulora',
        'https://www.facebook.com/haulora',
        'https://www.youtube.com/@haulora',
      ]);
    }
  });

  test('the organisation logo is a PNG the site serves', async () => {
    const { ofType } = await blocksOf('/home');
    const logo = new URL(String(ofType('Organization')[0]!.logo));
    const response = await server.app.inject({ url: logo.pathname });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'image/png');
  });

  test('/offer and /home describe the product with every plan on offer', async () => {
    for (const path of ['/offer', '/home']) {
      const { ofType } = await blocksOf(path);
      const [application, ...more] = ofType('SoftwareApplication');
      assert.ok(application, path);
      assert.equal(more.length, 0);
      assert.equal(application.applicationCategory, 'BusinessApplication');
      const offers = application.offers as Node[];
      assert.deepEqual(
        offers.map((item) => item.name),
        offer.plans.map((plan) => plan.name),
        `${path}: the offers are content/offer.yaml's plans`,
      );
      assert.ok(offers.every((item) => item.url === `${SITE_URL}/offer`));
    }
  });

  test('each feature page and the manual carry their breadcrumb trail, ending at the page', async () => {
    for (const slug of FEATURE_SLUGS) {
      const { ofType, html } = await blocksOf(`/${slug}`);
      const [trail] = ofType('BreadcrumbList');
      const items = trail!.itemListElement as Node[];
      const heading = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
      assert.deepEqual(
        items.map((item) => [item.position, item.name, item.item]),
        [
          [1, 'Home', `${SITE_URL}/home`],
          [2, 'Features', `${SITE_URL}/features`],
          [3, heading, `${SITE_URL}/${slug}`],
        ],
        slug,
      );
    }
    const { ofType } = await blocksOf('/docs');
    assert.deepEqual(
      (ofType('BreadcrumbList')[0]!.itemListElement as Node[]).map((item) => item.item),
      [`${SITE_URL}/home`, `${SITE_URL}/docs`],
    );
  });

  test('the FAQ page keeps its FAQPage, one Question per row the page shows', async () => {
    const { ofType, html } = await blocksOf('/faq');
    const [page] = ofType('FAQPage');
    const questions = (page!.mainEntity as Node[]).map((question) => question.name);
    assert.ok(questions.length >= 5);
    // The FAQ's own disclosures: the navbar's theme menu is a <details> too.
    assert.equal(questions.length, html.match(/<summary class="faq-question"/g)?.length);
  });

  test('pages that are not about the product or a trail carry only the site-wide data', async () => {
    for (const path of ['/privacy', '/glossary', '/request-demo']) {
      const { nodes } = await blocksOf(path);
      assert.deepEqual(
        nodes.filter((node) => !['Organization', 'WebSite', 'ContactPoint'].includes(String(node['@type']))),
        [],
        path,
      );
    }
  });
});
