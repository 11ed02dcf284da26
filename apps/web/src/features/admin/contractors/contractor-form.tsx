import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TContractorBody, TContractorDetail } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';

const ZContractorForm = z.object({
  name: z.string().trim().min(1, 'admin.contractors.nameRequired').max(200, 'Name must be at most 200 characters'),
  registration_no: z.string().trim().max(50, 'Registration no. must be at most 50 characters'),
  address: z.string().trim().max(500, 'Address must be at most 500 characters'),
  contact: z.string().trim().max(200, 'Contact must be at most 200 characters'),
});
type ContractorFormValues = z.input<typeof ZContractorForm>;

export interface ContractorFormProps {
  contractor?: TContractorDetail;
  onSubmit: (body: TContractorBody) => Promise<unknown>;
  submitLabel: string;
  /** More buttons after submit (cancel, delete). */
  buttons?: ReactNode;
  readOnly?: boolean;
}

/** Name, registration no., address and contact of a contractor; empty optional fields are sent as null. */
export function ContractorForm({ contractor, onSubmit, submitLabel, buttons, readOnly }: ContractorFormProps) {
  const { t } = useTranslation();
  const form = useSafeForm<ContractorFormValues>({
    schema: ZContractorForm,
    defaultValues: {
      name: contractor?.name ?? '',
      registration_no: contractor?.registration_no ?? '',
      address: contractor?.address ?? '',
      contact: contractor?.contact ?? '',
    },
  });
  const submit = async (values: ContractorFormValues) => {
    await onSubmit({
      name: values.name.trim(),
      registration_no: values.registration_no.trim() || null,
      address: values.address.trim() || null,
      contact: values.contact.trim() || null,
    });
    form.reset(values);
  };
  return (
    <SafeForm form={form} onSubmit={submit} autoFocus={!readOnly} aria-label={contractor?.name ?? t('admin.route.newContractor')}>
      <Section>
        <Stack spacing={2}>
          <SafeTextField name="name" label={t('admin.contractors.name')} required fullWidth disabled={readOnly} />
          <SafeTextField name="registration_no" label={t('admin.contractors.registrationNo')} fullWidth disabled={readOnly} />
          <SafeTextField name="address" label={t('admin.contractors.address')} fullWidth multiline minRows={2} disabled={readOnly} />
          <SafeTextField name="contact" label={t('admin.contractors.contact')} fullWidth disabled={readOnly} />
        </Stack>
      </Section>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!readOnly && (
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        )}
        {buttons}
      </Stack>
    </SafeForm>
  );
}
