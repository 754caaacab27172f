// The numbered video tutorial links, shared by the manual's tutorials reference and the feature
// pages (a module of its own, so a feature page does not load the manual's icons).

/** A tutorial's number in the manual, its title and its link on the configured channel. */
export type TutorialLink = { number: number; title: string; url: string };

/** Numbered links to tutorials, each opening on the channel in a new tab; the numbers are the
 * manual's, so a group keeps them (the list's `value`). */
export function TutorialList({ tutorials }: { tutorials: ReadonlyArray<TutorialLink> }) {
  return (
    <ol className="docs-tutorials">
      {tutorials.map((tutorial) => (
        <li key={tutorial.number} value={tutorial.number}>
          <a href={tutorial.url} target="_blank" rel="noopener noreferrer">
            {/* The list numbers the links for screen readers; the search index skips both extras. */}
            <span className="docs-tutorial-number" aria-hidden="true" data-pagefind-ignore>
              {String(tutorial.number).padStart(2, '0')}
            </span>
            <span>
              {tutorial.title}
              <span className="visually-hidden" data-pagefind-ignore>
                {' '}
                (opens in a new tab)
              </span>
            </span>
          </a>
        </li>
      ))}
    </ol>
  );
}
