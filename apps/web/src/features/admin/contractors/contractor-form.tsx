import Stack from '@mui/material/Stack';
import { ZContractorBody, type TContractorBody, type TContractorDetail } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityForm } from '../../../components/entity-form';
import { SafeTextField, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';

/**
 * The API's body (shared `ZContractorBody`, its limits and so its messages) with the optional fields as text ('' for
 * none; sent as null).
 */
const ZContractorForm = ZContractorBody.extend({
  registration_no: ZContractorBody.shape.registration_no.unwrap().unwrap(),
  address: ZContractorBody.shape.address.unwrap().unwrap(),
  contact: ZContractorBody.shape.contact.unwrap().unwrap(),
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
    <EntityForm
      form={form}
      onSubmit={submit}
      autoFocus={!readOnly}
      aria-label={contractor?.name ?? t('admin.route.newContractor')}
      submitLabel={submitLabel}
      buttons={buttons}
      readOnly={readOnly}
    >
      <Section>
        <Stack spacing={2}>
          <SafeTextField name="name" label={t('admin.contractors.name')} required fullWidth disabled={readOnly} />
          <SafeTextField name="registration_no" label={t('admin.contractors.registrationNo')} fullWidth disabled={readOnly} />
          <SafeTextField name="address" label={t('admin.contractors.address')} fullWidth multiline minRows={2} disabled={readOnly} />
          <SafeTextField name="contact" label={t('admin.contractors.contact')} fullWidth disabled={readOnly} />
        </Stack>
      </Section>
    </EntityForm>
  );
}
