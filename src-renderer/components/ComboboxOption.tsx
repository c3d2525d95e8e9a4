// One match in a combobox's list (Receiver search, the country picker): its id for aria-activedescendant, marked
// while the arrow keys are on it, picked by the mouse without taking the focus from the input.
import React from 'react';

export function ComboboxOption({
  id,
  active,
  onPick,
  title,
  detail,
}: {
  id: string;
  active: boolean;
  onPick(): void;
  title: string;
  detail: React.ReactNode;
}): React.JSX.Element {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={active ? 'active' : undefined}
      onMouseDown={(event) => {
        event.preventDefault();
        onPick();
      }}
    >
      <strong>{title}</strong>
      <span>{detail}</span>
    </li>
  );
}
