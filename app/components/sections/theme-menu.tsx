// The navbar's colour theme menu (issue 18): light, dark or match my system. A <details> that
// opens by mouse, touch or keyboard without any script, holding a form whose three buttons post
// the choice to /forms/theme (which sets the cookie and sends the visitor back, 303). Once
// hydrated the same buttons switch the page at once (the cookie is written here) and the menu
// also closes on Escape, on a click elsewhere and after a choice.
import { Check, SunMoon } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { href, useLocation } from 'react-router';
import { BACK_FIELD, CSRF_FIELD, useFormSettings } from '../../lib/form-fields.ts';
import { isTheme, THEME_FIELD, THEME_LABELS, THEMES } from '../../lib/theme.ts';
import { chooseTheme, useTheme } from '../../lib/use-theme.ts';
import './theme-menu.css';

export function ThemeMenu() {
  const theme = useTheme();
  const settings = useFormSettings();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  // A click or tap outside closes the menu, like the navbar's dropdowns.
  useEffect(() => {
    const closeOnOutside = (event: PointerEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, []);

  function close() {
    if (!details.current) return;
    details.current.open = false;
    details.current.querySelector('summary')?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const choice = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;
    if (!isTheme(choice)) return;
    event.preventDefault();
    chooseTheme(choice);
    close();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !details.current?.open) return;
    // Taken here, so the folded mobile menu around it stays open.
    event.preventDefault();
    close();
  }

  return (
    <details className="theme-menu" ref={details} onKeyDown={onKeyDown}>
      {/* The name says the current choice too; from 992 px only the icon shows. One icon for
          every choice: each further icon is more script on every page (the home page's budget). */}
      <summary className="site-nav-link theme-menu-toggle" aria-label={`Theme: ${THEME_LABELS[theme]}`}>
        <SunMoon aria-hidden="true" />
        <span className="theme-menu-label">Theme</span>
      </summary>
      <form method="post" action={href('/forms/theme')} className="theme-menu-panel" onSubmit={onSubmit}>
        <input type="hidden" name={CSRF_FIELD} value={settings?.csrfToken ?? ''} />
        <input type="hidden" name={BACK_FIELD} value={location.pathname + location.search} />
        {THEMES.map((option) => (
          <button
            key={option}
            type="submit"
            name={THEME_FIELD}
            value={option}
            className="theme-option"
            aria-pressed={option === theme}
          >
            <span>{THEME_LABELS[option]}</span>
            <Check aria-hidden="true" className="theme-option-check" />
          </button>
        ))}
      </form>
    </details>
  );
}
