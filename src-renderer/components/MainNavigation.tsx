// The desk's main navigation in one row at any width and in any language: the links that fit the top bar are shown,
// the rest sit behind a More button (a disclosure of the same links), so the bar stays one row (64 px) on a
// 1024 px bench monitor in German as on a 1920 px one. Which links fit is measured, not guessed: a hidden copy of
// every link gives their widths, and a ResizeObserver measures again when the window, the language or the text
// size changes.
import React, { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linksThatFit } from './links-that-fit.ts';

export interface NavigationLink {
  readonly key: string;
  readonly href: string;
  readonly label: string;
  readonly current: boolean;
  readonly onOpen: () => void;
}

interface Props {
  readonly label: string;
  readonly links: readonly NavigationLink[];
}

export function MainNavigation({ label, links }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const moreButton = useRef<HTMLButtonElement>(null);
  const [shown, setShown] = useState(links.length);
  const [open, setOpen] = useState(false);
  const labels = links.map((link) => link.label).join('\n');

  useLayoutEffect(() => {
    const bar = nav.current;
    const copies = measure.current;
    if (!bar || !copies) return;
    const fit = () => {
      const widths = [...copies.children].map((copy) => copy.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(bar).columnGap) || 0;
      setShown(linksThatFit(widths, gap, more, bar.clientWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    for (const copy of copies.children) observer.observe(copy);
    return () => observer.disconnect();
  }, [labels]);

  // The menu closes on Escape (the focus back on More), on a click elsewhere, and when the links all fit again.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      moreButton.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  useEffect(() => {
    if (shown >= links.length) setOpen(false);
  }, [shown, links.length]);

  const anchor = (link: NavigationLink) => (
    <a
      key={link.key}
      href={link.href}
      aria-current={link.current ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        setOpen(false);
        link.onOpen();
      }}
    >
      {link.label}
    </a>
  );
  const rest = links.slice(shown);
  return (
    <nav ref={nav} aria-label={label} className="main-nav">
      {links.slice(0, shown).map(anchor)}
      {rest.length > 0 ? (
        <div className="main-nav__more">
          <button
            ref={moreButton}
            type="button"
            className={rest.some((link) => link.current) ? 'main-nav__more-button is-current' : 'main-nav__more-button'}
            aria-expanded={open}
            aria-controls="main-nav-more"
            onClick={() => setOpen(!open)}
          >
            {t('app.moreScreens')}
          </button>
          {/* Always in the page, hidden when closed: the links are the same wherever they sit. */}
          <div id="main-nav-more" className="main-nav__menu" hidden={!open}>
            {rest.map(anchor)}
          </div>
        </div>
      ) : null}
      {/* The copies measured: every link, then the More button, laid out as the bar lays them out. */}
      <div ref={measure} className="main-nav__measure" aria-hidden="true">
        {links.map((link) => (
          <span key={link.key} className="main-nav__copy">
            {link.label}
          </span>
        ))}
        <span className="main-nav__copy main-nav__more-button">{t('app.moreScreens')}</span>
      </div>
    </nav>
  );
}
