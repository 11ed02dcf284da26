import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { LIMITS } from '@strata/shared';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormProvider, get, useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { AppAlert } from '../feedback/app-alert';

export interface SafeFormProps<TIn extends FieldValues, TOut> {
  /** From `useSafeForm()`. */
  form: UseFormReturn<TIn, unknown, TOut>;
  /**
   * Runs with valid values. If it throws an ApiError, an object body fills the fields it names (the first is
   * focused) and a string body shows as an error alert above the form.
   */
  onSubmit: (values: TOut) => unknown;
  children: ReactNode;
  /** Focus the first field (or the first with an error) 100 ms after the form appears. Default true. */
  autoFocus?: boolean;
  /** The form's accessible name. */
  'aria-label'?: string;
  id?: string;
  sx?: SxProps<Theme>;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local']);

/** Inputs a person types into: not hidden, not disabled, not MUI's hidden value inputs. */
function focusableFields(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('input, textarea, select, [role="combobox"]')].filter((el) => {
    if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
    if ((el as HTMLInputElement).disabled || el.getAttribute('aria-hidden') === 'true' || el.tabIndex < 0) return false;
    return el.getAttribute('aria-disabled') !== 'true';
  });
}

function isTypingTarget(target: EventTarget): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/**
 * A form with the spec's rules (§4, §5): unsafe text is refused field by field; any field error shows
 * "form contains error"; submitting an invalid form shows the alert "invalid" and focuses the first field
 * with an error; Enter without Shift submits (Shift+Enter makes a new line in a multi-line field); on mount
 * the first field with an error, or else the first enabled field, gets focus after 100 ms — unless focus is in the
 * form by then.
 */
export function SafeForm<TIn extends FieldValues, TOut>({ form, onSubmit, children, autoFocus = true, ...rest }: SafeFormProps<TIn, TOut>) {
  const { t } = useTranslation();
  const ref = useRef<HTMLFormElement>(null);
  const { errors, isSubmitting } = useFormState({ control: form.control });
  const hasErrors = Object.keys(errors).length > 0;
  const [invalidSubmit, setInvalidSubmit] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);

  // Focus waits for the render that marks the fields invalid: a request is kept until then.
  const focusPending = useRef(false);
  const [, setFocusRequest] = useState(0);
  const focusFirstError = () => {
    focusPending.current = true;
    setFocusRequest((n) => n + 1);
  };
  useEffect(() => {
    if (!focusPending.current || !hasErrors) return;
    focusPending.current = false;
    const invalid = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) invalid.focus();
    else form.setFocus(Object.keys(errors)[0] as Path<TIn>);
  });

  useEffect(() => {
    if (!autoFocus) return;
    const timer = setTimeout(() => {
      const element = ref.current;
      // Someone quicker than the delay (or a slow machine's timer) is already in a field of the form: their focus,
      // and what they type next, stay where they are.
      if (!element || element.contains(document.activeElement)) return;
      const target = element.querySelector<HTMLElement>('[aria-invalid="true"]') ?? focusableFields(element)[0];
      target?.focus();
    }, LIMITS.inputFocusDelayMs);
    return () => clearTimeout(timer);
  }, [autoFocus]);

  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setGeneralError('form.unexpectedError');
      return;
    }
    const values = form.getValues();
    const entries = Object.entries(error.fieldErrors ?? {});
    const known = entries.filter(([field]) => get(values, field) !== undefined);
    for (const [field, message] of known) form.setError(field as Path<TIn>, { type: 'server', message });
    const other = entries.filter(([field]) => get(values, field) === undefined).map(([, message]) => translateMessage(message));
    if (known.length > 0) focusFirstError();
    if (other.length > 0) setGeneralError(other.join(' '));
    else if (known.length === 0) setGeneralError(error.message);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setInvalidSubmit(false);
      setGeneralError(null);
      try {
        await onSubmit(values);
      } catch (error) {
        showServerError(error);
      }
    },
    () => {
      setInvalidSubmit(true);
      focusFirstError();
    },
  );

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.defaultPrevented) return;
    if (!isTypingTarget(event.target) || event.target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    if (!isSubmitting) void submit();
  };

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        ref={ref}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isSubmitting) void submit();
        }}
        onKeyDown={onKeyDown}
        aria-label={rest['aria-label']}
        id={rest.id}
        sx={rest.sx}
      >
        <Stack spacing={2}>
          {generalError && <AppAlert type="error" message={translateMessage(generalError)} onClose={() => setGeneralError(null)} />}
          {invalidSubmit && hasErrors && <AppAlert type="error" message={t('form.invalid')} onClose={() => setInvalidSubmit(false)} />}
          {children}
          {hasErrors && (
            <FormHelperText error role="status">
              {t('form.containsError')}
            </FormHelperText>
          )}
        </Stack>
      </Box>
    </FormProvider>
  );
}
