import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { translateMessage } from '../../lib/i18n';

export type SafeTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'error'> & {
  /** The field's path in the form values (`comment`, `address.street`). */
  name: string;
};

/**
 * A text field of a SafeForm: bound to the form by name, showing its error (the unsafe-input message, a schema
 * message or the server's) in place of the helper text. Password fields are exempt from the unsafe-input rule.
 */
export function SafeTextField({ name, helperText, onChange, onBlur, inputRef, ...props }: SafeTextFieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value ?? ''}
          disabled={props.disabled || field.disabled}
          inputRef={(element: HTMLInputElement | null) => {
            field.ref(element);
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) (inputRef as { current: unknown }).current = element;
          }}
          onChange={(event) => {
            field.onChange(event);
            onChange?.(event);
          }}
          onBlur={(event) => {
            field.onBlur();
            onBlur?.(event);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : helperText}
        />
      )}
    />
  );
}
