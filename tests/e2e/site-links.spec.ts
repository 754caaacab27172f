// A site that links itself together: glossary terms in the feature pages and the manual link to
// their rows (the glossary opens the right page, scrolls the row into view and highlights it,
// with or without JavaScript), and each feature page lists the tutorials that cover it and the
// FAQ answers that mention it.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { expect, test } from './fixtures.ts';

const API = '/api/Glossary/GetAllFromGlossary';
const PAGE_SIZE = 10;
type Entry = { term: string };

async function glossaryTerms(page: Page): Promise<string[]> {
  const answer = (await (await page.request.get(API)).json()) as ['SUCCESS', Entry[]];
  return answer[1].map((entry) => entry.term);
}

const anchorOf = (term: string) =>
  `term-${term
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
const termLinks = (page: Page) => page.getByRole('main').locator('a.glossary-term-link');

/** The glossary links on a page, with the index of their row in the glossary's stored order. */
async function linksWithRows(page: Page) {
  const terms = await glossaryTerms(page);
  const hrefs = await termLinks(page).evaluateAll((anchors) =>
    anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
  );
  return hrefs.map((link, position) => ({
    position,
    anchor: link.split('#')[1]!,
    row: terms.findIndex((term) => `/glossary#${anchorOf(term)}` === link),
  }));
}

async function expectRowShownAndMarked(page: Page, anchor: string) {
  const row = page.locator(`tr#${anchor}`);
  await expect(row).toBeVisible();
  await expect(row).toBeInViewport();
  await expect(row).toHaveAttribute('data-targeted', '');
  // The highlight is the accent's soft background, not the zebra stripe.
  await expect(row).toHaveCSS('background-color', 'rgb(227, 237, 255)');
  await expect(row).toBeFocused();
}

test.describe('glossary links', () => {
  test('every glossary link on a feature page and in the manual points at a row of the glossary, once per section', async ({
    page,
  }) => {
    for (const path of ['/jobs', '/fuel', '/docs']) {
      await page.goto(path);
      const links = await linksWithRows(page);
      expect(links.length, `${path} links some terms`).toBeGreaterThan(1);
      for (const link of links) expect(link.row, `${path}: ${link.anchor} is a glossary row`).toBeGreaterThanOrEqual(0);
      // First mention per section only: no section links the same term twice.
      for (const section of await page.getByRole('main').locator('section').all()) {
        const own = await section
          .locator(':scope a.glossary-term-link')
          .evaluateAll((anchors) =>
            anchors
              .filter((anchor) => anchor.closest('section') === anchor.closest('section:not(:has(section))'))
              .map((anchor) => anchor.getAttribute('href')),
          );
        expect(new Set(own).size, `${path}: a term once per section`).toBe(own.length);
      }
    }
  });

  test('a term on the first page of the glossary: click, and its row is in view and highlighted', async ({ page }) => {
    await page.goto('/breaches');
    const link = (await linksWithRows(page)).find((candidate) => candidate.row >= 0 && candidate.row < PAGE_SIZE);
    expect(link, 'a term of the first glossary page on /breaches').toBeTruthy();
    await termLinks(page).nth(link!.position).click();
    await expect(page).toHaveURL(new RegExp(`/glossary#${link!.anchor}$`));
    await expectRowShownAndMarked(page, link!.anchor);
  });

  test('a term past the first page: the glossary opens the page that holds it, in view and highlighted', async ({
    page,
  }) => {
    await page.goto('/jobs');
    const link = (await linksWithRows(page)).find((candidate) => candidate.row >= PAGE_SIZE);
    expect(link, 'a term past the first glossary page on /jobs').toBeTruthy();
    await termLinks(page).nth(link!.position).click();
    await expect(page).toHaveURL(new RegExp(`/glossary\\?page=\\d+#${link!.anchor}$`));
    await expectRowShownAndMarked(page, link!.anchor);
    const expectedPage = Math.floor(link!.row / PAGE_SIZE) + 1;
    await expect(page.getByRole('navigation', { name: 'Glossary pages' }).locator('[aria-current="page"]')).toHaveText(
      String(expectedPage),
    );
    await page.screenshot({ path: 'test-results/site-links-glossary-target.png' });
    // Paging on from there is the visitor's own: the link does not pull the table back.
    await page
      .getByRole('navigation', { name: 'Glossary pages' })
      .getByRole('button', { name: 'Page 1', exact: true })
      .click();
    // The row stays in the page, off screen, for printing (every row prints): hidden, marked off the page.
    await expect(page.locator(`tr#${link!.anchor}`)).toBeHidden();
    await expect(page.locator(`tr#${link!.anchor}`)).toHaveAttribute('data-off-page', '');
  });

  test('a shared link to a row past the first page opens it too', async ({ page }) => {
    const terms = await glossaryTerms(page);
    const term = terms[PAGE_SIZE * 3 + 4]!;
    await page.goto(`/glossary#${anchorOf(term)}`);
    await expectRowShownAndMarked(page, anchorOf(term));
  });
});

test.describe('glossary links without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the link reaches the row past the first page: every row is in the page, the target highlighted', async ({
    page,
  }) => {
    await page.goto('/jobs');
    const terms = await glossaryTerms(page);
    const links = await termLinks(page).evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
    );
    const link = links.find((href) => terms.findIndex((term) => href === `/glossary#${anchorOf(term)}`) >= PAGE_SIZE)!;
    expect(link).toBeTruthy();
    await page.getByRole('main').locator(`a.glossary-term-link[href="${link}"]`).first().click();
    const anchor = link.split('#')[1]!;
    const row = page.locator(`tr#${anchor}`);
    await expect(row).toBeInViewport();
    expect(await row.evaluate((element) => element.matches(':target'))).toBe(true);
    await expect(row).toHaveCSS('background-color', 'rgb(227, 237, 255)');
  });
});

type Tutorial = { title: string; features: string[] };
const tutorials = parse(readFileSync(new URL('../../content/tutorials.yaml', import.meta.url), 'utf8')) as Tutorial[];

test.describe('related content on feature pages', () => {
  test('a feature page lists the tutorials that cover it, numbered as in the manual', async ({ page }) => {
    for (const slug of ['fuel', 'settings', 'fleet']) {
      await page.goto(`/${slug}`);
      if (slug === 'fuel') await page.screenshot({ path: 'test-results/site-links-fuel.png', fullPage: true });
      const expected = tutorials.flatMap((tutorial, index) =>
        tutorial.features.includes(slug) ? [{ number: index + 1, title: tutorial.title }] : [],
      );
      const section = page.getByRole('region', { name: /^Video tutorials on / });
      const items = section.getByRole('listitem');
      await expect(items).toHaveCount(expected.length);
      await expect(items).toHaveText(
        expected.map(({ number, title }) => new RegExp(`^${String(number).padStart(2, '0')}\\s*${title}`)),
      );
      for (const [index, { number }] of expected.entries()) {
        await expect(items.nth(index).getByRole('link')).toHaveAttribute(
          'href',
          new RegExp(`tutorial=${String(number).padStart(2, '0')}$`),
        );
      }
    }
  });

  test('a feature page shows the FAQ answers that mention it, which open and close', async ({ page }) => {
    await page.goto('/fuel');
    const section = page.getByRole('region', { name: 'Questions about Fuel' });
    const questions = section.locator('summary');
    await expect(questions.first()).toHaveText('Can we manage fuel, maintenance and tyres in Haulora?');
    await questions.first().click();
    await expect(section.locator('details').first()).toHaveAttribute('open', '');
    await expect(section.getByRole('link', { name: 'All frequently asked questions' })).toHaveAttribute('href', '/faq');
  });

  test('a feature nothing covers shows neither list', async ({ page }) => {
    await page.goto('/advancedSearch');
    await expect(page.getByRole('region', { name: /^Video tutorials on / })).toHaveCount(0);
  });
});
