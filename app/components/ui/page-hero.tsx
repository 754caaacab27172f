// The dark band at the top of every page but home: the navbar sits transparent over it.
import type { ReactNode } from 'react';
import './page-hero.css';

export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-hero">
      <div className="container">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {children ? <div className="page-hero-lede">{children}</div> : null}
      </div>
    </header>
  );
}
