// The icon gallery: every icon with its name, grouped, with a filter by name and copy-the-name on
// click (announced in a status line). Without JavaScript the icons and names are a plain list.
import { Search } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ICON_GROUPS } from './icon-gallery-icons.ts';
import './icon-gallery.css';

const TOTAL = ICON_GROUPS.reduce((sum, group) => sum + group.icons.length, 0);

/** Case, spaces and hyphens are ignored, so 'map pin' and 'map-pin' both find MapPin. */
const normalise = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

export function IconGallery() {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState('');
  const [status, setStatus] = useState('');
  const ids = { filter: useId(), hint: useId() };

  const wanted = normalise(filter);
  const groups = ICON_GROUPS.map((group) => ({
    ...group,
    icons: group.icons.filter((icon) => normalise(icon.name).includes(wanted)),
  })).filter((group) => group.icons.length > 0);
  const shown = groups.reduce((sum, group) => sum + group.icons.length, 0);

  async function copy(name: string) {
    try {
      await navigator.clipboard.writeText(name);
      setStatus(`Copied ${name}`);
    } catch {
      // No clipboard access (an old browser, a denied permission): say so rather than fail silently.
      setStatus(`Could not copy ${name}; select the name to copy it by hand`);
    }
  }

  return (
    <div className="icon-gallery">
      {hydrated ? (
        <div className="icon-gallery-toolbar">
          <div className="icon-gallery-filter">
            <label htmlFor={ids.filter}>Filter icons by name</label>
            <span className="icon-gallery-filter-field">
              <Search aria-hidden="true" />
              <input
                id={ids.filter}
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            </span>
          </div>
          <p id={ids.hint} className="icon-gallery-hint">
            {filter ? `${shown} of ${TOTAL} icons match.` : `${TOTAL} icons.`} Select an icon to copy its name.
          </p>
          <p className="icon-gallery-status" role="status">
            {status}
          </p>
        </div>
      ) : (
        // With scripting on, CSS makes this line as tall as the toolbar that replaces it (icon-gallery.css).
        <p className="icon-gallery-hint" data-until-hydrated="">
          {TOTAL} icons.
        </p>
      )}

      {groups.length === 0 ? <p className="icon-gallery-empty">No icon name contains “{filter.trim()}”.</p> : null}

      {groups.map((group) => (
        <section key={group.title} className="icon-gallery-group" aria-labelledby={`icons-${normalise(group.title)}`}>
          <h2 id={`icons-${normalise(group.title)}`}>{group.title}</h2>
          <ul className="icon-gallery-grid">
            {group.icons.map(({ name, Icon }) => (
              <li key={name}>
                {hydrated ? (
                  <button type="button" className="icon-tile" aria-describedby={ids.hint} onClick={() => copy(name)}>
                    <Icon aria-hidden="true" />
                    <IconName name={name} />
                  </button>
                ) : (
                  <span className="icon-tile">
                    <Icon aria-hidden="true" />
                    <IconName name={name} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** A PascalCase name ('SlidersHorizontal') with a line-break opportunity before each word, so a
 * narrow tile wraps it between words, never inside one. */
function IconName({ name }: { name: string }) {
  const words = name.split(/(?=[A-Z0-9][a-z])/);
  return (
    <span className="icon-tile-name">
      {words.map((word, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {word}
        </Fragment>
      ))}
    </span>
  );
}
