// The home page's opening (#home): three slides in a CSS scroll-snap track. Without JavaScript
// the first slide shows and the others are a horizontal scroll away. Once hydrated it gains
// previous/next buttons, a slide picker and autoplay, which runs only when the visitor allows
// motion and stops while the pointer is over it or focus is inside it (WAI-ARIA APG carousel).
// The other slides' screens are fetched when the visitor reaches for the carousel (pointer, focus,
// a scroll of the track) or shortly before autoplay first shows one. Lazy loading fetched them at
// the first layout, sharing the network with the first paint; fetched at the first idle moment,
// their drawings were laid out and painted (a horizontal scroll away is inside the painted area)
// in two or three tasks of 10-25 ms while the page was still settling (issue 32).
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { type FocusEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import type { HomeContent } from '../../../../content/home.schema.ts';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { CAROUSEL_INTERVAL_MS } from './carousel-timing.ts';
import { ProductScreen, type ScreenImage } from '../../ui/product-screen.tsx';
import { SectionLink } from './section-link.tsx';
import './hero-carousel.css';

type Illustration = HomeContent['hero']['slides'][number]['illustration'];

/** How long before autoplay first moves on the other slides' screens are fetched: their files are
 * 1-2 KB, so a slow phone has them well before the slide shows. */
const SCREENS_LEAD_MS = 2000;

/** `screens`: the product screen each slide's illustration names (content/screens.yaml). */
export function HeroCarousel({
  hero,
  screens,
}: {
  hero: HomeContent['hero'];
  screens: Record<Illustration, ScreenImage | undefined>;
}) {
  const { slides } = hero;
  const hydrated = useHydrated();
  const reduceMotion = usePrefersReducedMotion();
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [otherScreensWanted, setOtherScreensWanted] = useState(false);
  const rotating = hydrated && !reduceMotion && playing && !hovered && !focused;

  // The slide mostly in view is the active one, however it got there: buttons, swipe, scroll
  // or a link inside it taking focus.
  useEffect(() => {
    const root = track.current;
    if (!root) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root, threshold: 0.6 },
    );
    for (const slide of root.children) observer.observe(slide);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!rotating || otherScreensWanted) return;
    const timer = window.setTimeout(() => setOtherScreensWanted(true), CAROUSEL_INTERVAL_MS - SCREENS_LEAD_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, otherScreensWanted]);

  function scrollToSlide(index: number) {
    const root = track.current;
    if (!root) return;
    root.scrollTo({ left: index * root.clientWidth, behavior: reduceMotion ? 'instant' : 'smooth' });
  }

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => scrollToSlide((active + 1) % slides.length), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
    // scrollToSlide reads only the ref and reduceMotion, which `rotating` already follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rotating, active, slides.length]);

  /** A slide the visitor asked for: scroll to it and say which it is. */
  function show(index: number) {
    const target = (index + slides.length) % slides.length;
    scrollToSlide(target);
    setAnnouncement(`Slide ${target + 1} of ${slides.length}: ${slides[target]!.title}`);
  }

  // Only a mouse hovers: a touch would otherwise leave the carousel "hovered", and paused, for good.
  function onPointerEnter(event: PointerEvent<HTMLElement>) {
    setOtherScreensWanted(true);
    if (event.pointerType === 'mouse') setHovered(true);
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      id="home"
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label={hero.label}
      data-enhanced={hydrated}
      onPointerEnter={onPointerEnter}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setOtherScreensWanted(true);
      }}
      onBlur={onBlur}
    >
      <div id="hero-slides" className="hero-track" ref={track} onScroll={() => setOtherScreensWanted(true)}>
        {slides.map((slide, index) => {
          const Heading = index === 0 ? 'h1' : 'h2';
          const screen = screens[slide.illustration];
          return (
            <div
              key={slide.title}
              id={`hero-slide-${index + 1}`}
              className="hero-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              data-index={index}
            >
              <div className="container hero-slide-inner">
                <div className="hero-copy">
                  <p className="eyebrow">{slide.eyebrow}</p>
                  <Heading>{slide.title}</Heading>
                  <p className="hero-text">{slide.text}</p>
                  <p className="hero-actions">
                    {slide.actions.map((action, actionIndex) => (
                      <SectionLink key={action.to} to={action.to} variant={actionIndex === 0 ? 'primary' : 'inverse'}>
                        {action.label}
                      </SectionLink>
                    ))}
                  </p>
                </div>
                <div className="hero-art">
                  {screen ? (
                    <ProductScreen
                      screen={screen}
                      priority={index === 0}
                      inline={index === 0}
                      later={index > 0 && !otherScreensWanted}
                    />
                  ) : null}
                </div>
              </div>
            </div>
          );
        })}
      </div>

      {/* Hidden (but holding their place) until the page is interactive: they need script. */}
      <div className="container hero-controls">
        <button
          type="button"
          className="hero-control"
          aria-label="Previous slide"
          aria-controls="hero-slides"
          onClick={() => show(active - 1)}
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <div className="hero-picker" role="group" aria-label="Choose a slide">
          {slides.map((slide, index) => (
            <button
              key={slide.title}
              type="button"
              className="hero-dot"
              aria-label={`Slide ${index + 1} of ${slides.length}`}
              aria-controls={`hero-slide-${index + 1}`}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => show(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="hero-control"
          aria-label="Next slide"
          aria-controls="hero-slides"
          onClick={() => show(active + 1)}
        >
          <ChevronRight aria-hidden="true" />
        </button>
        {reduceMotion ? null : (
          <button
            type="button"
            className="hero-control hero-rotation"
            aria-label={playing ? 'Stop automatic slide show' : 'Start automatic slide show'}
            onClick={() => setPlaying((value) => !value)}
          >
            {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          </button>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  );
}
