import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { safeResolver, type FormSchema } from './safe-resolver';

export interface UseSafeFormOptions<TIn extends FieldValues, TOut> extends Omit<UseFormProps<TIn, unknown, TOut>, 'resolver'> {
  /** A zod schema for the values; `onSubmit` receives its output. */
  schema?: FormSchema<TIn, TOut>;
  /** Text fields (paths) the unsafe-input rule leaves alone, beyond secrets (password, token, secret, otp, code). */
  rawFields?: readonly string[];
}

/**
 * react-hook-form with the house rules: the zod schema, then the unsafe-input rule on every text field.
 * Fields are checked as they change (once touched) and all of them on submit; SafeForm does the focusing.
 */
export function useSafeForm<TIn extends FieldValues, TOut = TIn>({
  schema,
  rawFields,
  ...options
}: UseSafeFormOptions<TIn, TOut>): UseFormReturn<TIn, unknown, TOut> {
  return useForm<TIn, unknown, TOut>({
    mode: 'onChange',
    shouldFocusError: false,
    ...options,
    resolver: safeResolver(schema, rawFields),
  });
}
