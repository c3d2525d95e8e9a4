// A labelled input with its inline error: the label is the accessible name tests and screen readers use.
// A required field is marked before the first try (an asterisk that is not part of its name), and a hint such as
// "from scale" says where a value came from.
import React, { useId } from 'react';

export interface FieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onValue(value: string): void;
  error?: string;
  wide?: boolean;
  /** A short note beside the label, e.g. "from scale". */
  hint?: string;
  /** The input element, for a screen that moves focus or selects its text. */
  inputRef?: React.Ref<HTMLInputElement>;
}

export function Field({
  label,
  value,
  onValue,
  error,
  wide,
  hint,
  className,
  id: givenId,
  inputRef,
  required,
  ...input
}: FieldProps): React.JSX.Element {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div
      className={`field${wide ? ' field--wide' : ''}${error ? ' field--error' : ''}${required ? ' field--required' : ''} ${className ?? ''}`}
    >
      <span className="field__head">
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <span className="field__hint" id={`${id}-hint`}>
            {hint}
          </span>
        ) : null}
      </span>
      <input
        ref={inputRef}
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error under it, named `<id>-error` for the input's aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }): React.JSX.Element | null {
  return error ? (
    <span className="field__error" id={`${id}-error`}>
      {error}
    </span>
  ) : null;
}
