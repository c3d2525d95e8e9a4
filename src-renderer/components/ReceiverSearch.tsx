// The `Receiver search` combobox: queries the address book while typing (debounced) and lets the packer
// pick a match with the arrow keys and Enter, or the mouse.
import React, { useEffect, useId, useRef, useState } from 'react';
import type { SavedAddress } from '../api/types.ts';
import { api, describeError } from '../store/session.ts';

const DEBOUNCE_MS = 200;

export function ReceiverSearch({ onPick, inputRef }: { onPick(address: SavedAddress): void; inputRef?: React.Ref<HTMLInputElement> }): React.JSX.Element {
  const id = useId();
  const [text, setText] = useState('');
  const [matches, setMatches] = useState<SavedAddress[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<AbortController | null>(null);
  /** The text a pick wrote into the field: it is not a new search. */
  const picked = useRef<string | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (picked.current === text) return;
    picked.current = null;
    if (!query) {
      setMatches([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      latest.current?.abort();
      latest.current = controller;
      setStatus('loading');
      api()
        .addresses(query, controller.signal)
        .then((found) => {
          setMatches(found);
          setActive(0);
          setOpen(true);
          setStatus('idle');
        })
        .catch((caught: unknown) => {
          if ((caught as Error).name === 'AbortError') return;
          setStatus('error');
          setError(describeError(caught));
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const pick = (address: SavedAddress | undefined) => {
    if (!address) return;
    setOpen(false);
    picked.current = address.attributes.name;
    setText(address.attributes.name);
    onPick(address);
  };

  const listId = `${id}-list`;
  return (
    <div className="combobox">
      <label htmlFor={id}>Receiver search</label>
      <input
        id={id}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        placeholder="Name, city, postal code, e-mail…"
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!open && matches.length) setOpen(true);
            else setActive((value) => Math.min(matches.length - 1, value + 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((value) => Math.max(0, value - 1));
          } else if (event.key === 'Enter' && open && matches.length > 0) {
            event.preventDefault();
            pick(matches[active]);
          } else if (event.key === 'Escape') {
            setOpen(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <ul id={listId} role="listbox" aria-label="Receiver matches" className="combobox__list" hidden={!open}>
        {matches.length === 0 ? (
          <li className="combobox__empty" role="presentation">
            No saved receiver matches “{text.trim()}”.
          </li>
        ) : (
          matches.map((address, index) => (
            <li
              key={address.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(address);
              }}
            >
              <strong>{address.attributes.name}</strong>
              <span>
                {address.attributes.address1}, {address.attributes.postalCode} {address.attributes.city}, {address.attributes.country}
              </span>
            </li>
          ))
        )}
      </ul>
      <span className="combobox__status" aria-live="polite">
        {status === 'loading' ? 'Searching…' : status === 'error' ? error : ''}
      </span>
    </div>
  );
}
