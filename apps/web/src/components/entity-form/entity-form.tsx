import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { SafeForm, type SafeFormProps } from '../safe-form';

export interface EntityFormProps<TIn extends FieldValues, TOut> extends SafeFormProps<TIn, TOut> {
  /** The submit button's text ("Save", "Add zone" …). */
  submitLabel: string;
  /** More buttons after submit (cancel, delete). */
  buttons?: ReactNode;
  /** Shown without the submit button (the caller disables the fields). */
  readOnly?: boolean;
}

/**
 * The shell of a record's create/edit form (sites, zones, contracts, contractors …): a SafeForm with the record's
 * sections, then one row of buttons — submit (while not read-only; disabled while submitting) and the caller's own.
 */
export function EntityForm<TIn extends FieldValues, TOut>({ submitLabel, buttons, readOnly, children, ...formProps }: EntityFormProps<TIn, TOut>) {
  return (
    <SafeForm {...formProps}>
      {children}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!readOnly && (
          <Button type="submit" variant="contained" disabled={formProps.form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        )}
        {buttons}
      </Stack>
    </SafeForm>
  );
}
