// The `Receiver search` combobox: the address book searched while typing; the packer picks a match with the
// arrow keys and Enter, or the mouse. Enter with no match list open hands the text on (`onEnter`): a scanner
// types an order number and presses Enter. Its state lives in the receiver-search store.
import React, { useId } from 'react';
import type { SavedAddressAttributes } from '../../src-shared/shipment.ts';
import { useReceiverSearch } from '../store/receiver-search.ts';
import { useTranslation } from 'react-i18next';
import { ComboboxOption } from './ComboboxOption.tsx';
import { sayIt } from '../i18n/said.ts';

export function ReceiverSearch({
  onPick,
  onEnter,
  inputRef,
}: {
  onPick(address: SavedAddressAttributes): void;
  onEnter?(text: string): void;
  inputRef?: React.Ref<HTMLInputElement>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const id = useId();
  const { text, matches, open, active, status, error, type, move, close, dropSearch, pick } = useReceiverSearch();

  const choose = (index?: number) => {
    const address = pick(index);
    if (address) onPick(address.attributes);
  };

  const listId = `${id}-list`;
  return (
    <div className="combobox">
      <label htmlFor={id}>{t('receiver.search')}</label>
      <input
        id={id}
        ref={inputRef}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        placeholder={t('receiver.placeholder')}
        value={text}
        autoComplete="off"
        onChange={(event) => type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            move(1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            move(-1);
          } else if (event.key === 'Enter' && open && matches.length > 0) {
            event.preventDefault();
            choose();
          } else if (event.key === 'Enter' && onEnter && text.trim() !== '') {
            // A scan: the search it started is not wanted.
            event.preventDefault();
            dropSearch();
            onEnter(text.trim());
          } else if (event.key === 'Escape') {
            close();
          }
        }}
        onBlur={() => setTimeout(close, 150)}
      />
      <ul id={listId} role="listbox" aria-label={t('receiver.matches')} className="combobox__list" hidden={!open}>
        {matches.length === 0 ? (
          <li className="combobox__empty" role="presentation">
            {t('receiver.noMatch', { text: text.trim() })}
          </li>
        ) : (
          matches.map((address, index) => (
            <ComboboxOption
              key={address.id}
              id={`${listId}-${index}`}
              active={index === active}
              onPick={() => choose(index)}
              title={address.attributes.name}
              detail={`${address.attributes.address1}, ${address.attributes.postalCode} ${address.attributes.city}, ${address.attributes.country}`}
            />
          ))
        )}
      </ul>
      <span className="combobox__status" aria-live="polite">
        {status === 'loading' ? t('receiver.searching') : status === 'error' && error ? sayIt(error) : ''}
      </span>
    </div>
  );
}
