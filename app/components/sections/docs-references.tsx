// The manual's five references (spec 2, Docs page), each a section with an h2. Their copy comes
// from content/docs.yaml and content/tutorials.yaml through the docs route's loader, with its
// glossary terms linked (app/lib/glossary-links.server.ts).
import { href, Link } from 'react-router';
import type { StatusColour } from '../../../content/docs.schema.ts';
import type { LinkedDocs as DocsContent } from '../../lib/glossary-links.server.ts';
import { LinkedText } from '../ui/linked-text.tsx';
import { TutorialList } from './tutorial-list.tsx';
import { jobStatusOf } from '../../lib/job-status.ts';
import { ButtonLink } from '../ui/button.tsx';
import '../ui/job-status.css';
import { DOCS_ICONS } from './docs-icons.ts';

/** A video tutorial, with the feature page it covers first, under which the manual lists it. */
export type Tutorial = { number: number; title: string; url: string; feature: { path: string; title: string } };

/** The references in the list's order; `id` is the URL hash (/docs#tutorials) and the section id. */
export const DOCS_REFERENCES = [
  { id: 'glossary', key: 'glossary' },
  { id: 'color-coding', key: 'colourCoding' },
  { id: 'buttons', key: 'buttons' },
  { id: 'tutorials', key: 'tutorials' },
  { id: 'api-errors', key: 'apiErrors' },
] as const satisfies ReadonlyArray<{ id: string; key: keyof DocsContent }>;
export type DocsReferenceId = (typeof DOCS_REFERENCES)[number]['id'];

const COLOUR_NAMES: Record<StatusColour, string> = {
  grey: 'Grey',
  yellow: 'Yellow',
  'light-blue': 'Light blue',
  green: 'Green',
  red: 'Red',
};

type Props = { docs: DocsContent; tutorials: Tutorial[] };

export function DocsReference({ id, docs, tutorials }: Props & { id: DocsReferenceId }) {
  switch (id) {
    case 'glossary':
      return <GlossaryReference docs={docs} />;
    case 'color-coding':
      return <ColourCodingReference docs={docs} />;
    case 'buttons':
      return <ButtonsReference docs={docs} />;
    case 'tutorials':
      return <TutorialsReference docs={docs} tutorials={tutorials} />;
    case 'api-errors':
      return <ApiErrorsReference docs={docs} />;
  }
}

function Heading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <>
      {/* The heading carries the reference's id: /docs#tutorials lands on it, and the search
          index (Pagefind) links its sections by heading ids. */}
      <h2 id={id}>{title}</h2>
      <p className="docs-intro">{intro}</p>
    </>
  );
}

function GlossaryReference({ docs }: { docs: DocsContent }) {
  const { title, intro, linkLabel } = docs.glossary;
  return (
    <>
      <Heading id="glossary" title={title} intro={intro} />
      <ButtonLink to={href('/glossary')}>{linkLabel}</ButtonLink>
    </>
  );
}

function ColourCodingReference({ docs }: { docs: DocsContent }) {
  const { title, intro, jobStatuses, creditNotes } = docs.colourCoding;
  return (
    <>
      <Heading id="color-coding" title={title} intro={intro} />
      <h3>Job statuses</h3>
      <table className="docs-table docs-statuses">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
            <th scope="col">Colour</th>
          </tr>
        </thead>
        <tbody>
          {jobStatuses.map((item) => (
            <tr key={item.status} data-status={item.status}>
              <th scope="row">
                <span className="status-badge" data-job-status={jobStatusOf(item.status)}>
                  {item.status}
                </span>
              </th>
              <td>
                <LinkedText text={item.meaning} />
              </td>
              <td>
                <span className="status-colour">
                  <span className="status-swatch" data-job-status={jobStatusOf(item.status)} aria-hidden="true" />
                  {COLOUR_NAMES[item.colour]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{creditNotes.heading}</h3>
      <p>
        <LinkedText text={creditNotes.intro} />
      </p>
      <dl className="docs-states">
        {creditNotes.states.map((item) => (
          <div key={item.state}>
            <dt>
              <span className="state-badge">{item.state}</span>
            </dt>
            <dd>
              <LinkedText text={item.meaning} />
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}

function ButtonsReference({ docs }: { docs: DocsContent }) {
  const { title, intro, items } = docs.buttons;
  return (
    <>
      <Heading id="buttons" title={title} intro={intro} />
      <dl className="docs-buttons">
        {items.map((item) => {
          const Icon = DOCS_ICONS[item.icon];
          return (
            <div key={item.name}>
              <dt>
                <span className="docs-button-icon">
                  <Icon aria-hidden="true" />
                </span>
                {item.name}
              </dt>
              <dd>
                <LinkedText text={item.description} />
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** The tutorials grouped by the feature each covers first, groups in order of their first video. */
function byFeature(tutorials: Tutorial[]) {
  const groups = new Map<string, { feature: Tutorial['feature']; tutorials: Tutorial[] }>();
  for (const tutorial of tutorials) {
    const group = groups.get(tutorial.feature.path) ?? { feature: tutorial.feature, tutorials: [] };
    group.tutorials.push(tutorial);
    groups.set(tutorial.feature.path, group);
  }
  return [...groups.values()];
}

function TutorialsReference({ docs, tutorials }: Props) {
  const { title, intro } = docs.tutorials;
  return (
    <>
      <Heading id="tutorials" title={title} intro={intro} />
      {byFeature(tutorials).map(({ feature, tutorials: group }) => (
        <section
          key={feature.path}
          className="docs-tutorial-group"
          aria-labelledby={`tutorials-${feature.path.slice(1)}`}
        >
          <h3 id={`tutorials-${feature.path.slice(1)}`}>
            <Link to={feature.path}>{feature.title}</Link>
          </h3>
          <TutorialList tutorials={group} />
        </section>
      ))}
    </>
  );
}

function ApiErrorsReference({ docs }: { docs: DocsContent }) {
  const { title, intro, items } = docs.apiErrors;
  return (
    <>
      <Heading id="api-errors" title={title} intro={intro} />
      <ul className="docs-errors">
        {items.map((item) => (
          <li key={item.code}>
            <h3>
              <span className="docs-error-code">{item.code}</span> {item.name}
            </h3>
            <p>
              <LinkedText text={item.explanation} />
            </p>
            <p className="docs-error-remedy">
              <LinkedText text={item.remedy} />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
