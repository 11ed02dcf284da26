export { SafeForm, type SafeFormProps } from './safe-form';
export { safeResolver, unsafeFields, UNSAFE_INPUT_MESSAGE, type FormSchema } from './safe-resolver';
export { SafeTextField, type SafeTextFieldProps } from './safe-text-field';
export { useSafeForm, type UseSafeFormOptions } from './use-safe-form';
