// The navbar on every page (spec 2, Shared layout): transparent over the top of the page, solid
// once scrolled past NAVBAR_SCROLL_THRESHOLD_PX; dropdown menus that work by mouse and keyboard;
// a menu button below 992 px. Without JavaScript the menus open on hover and focus (CSS), the
// phone menu opens as the URL's fragment (:target) and the Sign In / Book a Demo links lead to
// their full pages.
import { ArrowUpRight, ChevronDown, Menu, Truck, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NAVBAR_SCROLL_THRESHOLD_PX } from '../../../common/constants.ts';
import type { SiteSettings } from '../../../content/schema.ts';
import { isExternal, isMenu, mainNavigation, type NavLink as NavLinkData, type NavMenu } from '../../lib/navigation.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { HeaderActions } from './header-actions.tsx';
import { SiteSearch } from './site-search.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import './site-header.css';

export function SiteHeader({ site }: { site: SiteSettings }) {
  const solid = useScrolledPast(NAVBAR_SCROLL_THRESHOLD_PX);
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A navigation closes the mobile menu: adjusted while rendering the new location, not set from
  // an effect, which also ran at hydration and re-rendered the header in a task of its own.
  const [menuLocation, setMenuLocation] = useState(location.key);
  if (menuLocation !== location.key) {
    setMenuLocation(location.key);
    setMenuOpen(false);
  }

  // Escape closes the mobile menu back to its button, unless an open dropdown took the key.
  function closeMenuOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || event.defaultPrevented || !menuOpen) return;
    setMenuOpen(false);
    menuToggle.current?.focus();
  }

  return (
    <header className="site-header" data-solid={solid} data-enhanced={hydrated} data-menu-open={menuOpen}>
      <div className="site-header-bar container" onKeyDown={closeMenuOnEscape}>
        <Link to="/home" className="brand" aria-label={`${site.brand} home`}>
          <Truck aria-hidden="true" className="brand-mark" />
          <span>{site.brand}</span>
        </Link>
        {hydrated ? (
          <button
            ref={menuToggle}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="site-navigation"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span>Menu</span>
          </button>
        ) : (
          // Before hydration and without JavaScript: links that open and close the menu through the
          // URL's fragment (site-header.css shows the one that applies).
          <>
            <a href="#site-navigation" className="menu-toggle">
              <Menu aria-hidden="true" />
              <span>Menu</span>
            </a>
            <a href="#top" className="menu-toggle">
              <X aria-hidden="true" />
              <span>Close menu</span>
            </a>
          </>
        )}
        <nav id="site-navigation" className="site-nav" aria-label="Main">
          <ul className="site-nav-list">
            {mainNavigation(site).map((entry) =>
              isMenu(entry) ? (
                <li key={entry.label}>
                  <Dropdown menu={entry} />
                </li>
              ) : (
                <li key={entry.label}>
                  <MenuLink link={entry} className="site-nav-link" />
                </li>
              ),
            )}
          </ul>
          <HeaderActions />
          <ThemeMenu />
        </nav>
        {/* Outside the folding navigation, so the search stays one tap away on narrow screens. */}
        <SiteSearch />
      </div>
    </header>
  );
}

type MenuLinkProps = {
  link: NavLinkData;
  className: string;
  onKeyDown?: (event: KeyboardEvent) => void;
  onClick?: () => void;
};

function MenuLink({ link, className, onKeyDown, onClick }: MenuLinkProps) {
  const tab = link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const label = link.newTab ? (
    <>
      {link.label}
      <span className="visually-hidden"> (opens in a new tab)</span>
      <ArrowUpRight aria-hidden="true" className="new-tab-icon" />
    </>
  ) : (
    link.label
  );
  const handlers = { onKeyDown, onClick };
  if (isExternal(link.to)) {
    return (
      <a href={link.to} className={className} {...handlers} {...tab}>
        {label}
      </a>
    );
  }
  // In-page anchors (/home#services) navigate in the app but never mark the page as current.
  if (link.to.includes('#')) {
    return (
      <Link to={link.to} className={className} {...handlers} {...tab}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={link.to} className={className} end {...handlers} {...tab}>
      {label}
    </NavLink>
  );
}

/** A disclosure menu: click or Enter/Space toggles, arrows move, Escape closes back to the button. */
function Dropdown({ menu }: { menu: NavMenu }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const first = event.key === 'ArrowDown' ? 0 : -1;
      requestAnimationFrame(() => focusItem(first));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  function onItemKeyDown(event: KeyboardEvent) {
    const current = items().indexOf(event.currentTarget as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(-1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  }

  return (
    <div
      className="dropdown"
      ref={root}
      data-open={open}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="site-nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        {menu.label}
        <ChevronDown aria-hidden="true" className="dropdown-chevron" />
      </button>
      <ul id={id} className="dropdown-menu">
        {menu.items.map((item) => (
          <li key={item.label}>
            <MenuLink link={item} className="dropdown-item" onKeyDown={onItemKeyDown} onClick={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** True once the page is scrolled further than `threshold` px; a passive, frame-throttled listener. */
function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(window.scrollY > threshold);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    // Only a page opened scrolled (a reload, a #fragment) changes the state at mount: a state set
    // in a mount effect, even to its value, re-renders the header in one task after hydration.
    if (window.scrollY > threshold) update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
