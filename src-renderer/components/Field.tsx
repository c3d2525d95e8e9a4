// A labelled input with its inline error: the label is the accessible name tests and screen readers use.
import React, { useId } from 'react';

export interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string;
  wide?: boolean;
  /** The input element, for a screen that moves focus or selects its text. */
  inputRef?: React.Ref<HTMLInputElement>;
}

export function Field({ label, value, onValue, error, wide, className, id: givenId, inputRef, ...input }: FieldProps): React.JSX.Element {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <div className={`field${wide ? ' field--wide' : ''}${error ? ' field--error' : ''} ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
