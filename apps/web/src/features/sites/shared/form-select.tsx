import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { translateMessage } from '../../../lib/i18n';

export type FormSelectProps = Omit<TextFieldProps, 'name' | 'value' | 'defaultValue' | 'error' | 'select'> & { name: string };

/** A select of a SafeForm, bound by name (string values), showing its field error in place of the helper text. */
export function FormSelect({ name, helperText, children, ...props }: FormSelectProps) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : helperText}
        >
          {children}
        </TextField>
      )}
    />
  );
}
