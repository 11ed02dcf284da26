import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTRACT_LIMITS, DEFAULT_TIMEZONE, svy21ToWgs84, ZContractFields, type TContractDetail, type TCreateContractRequest } from '@strata/shared';
import { useId, type ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDatePicker } from '../../components/date-time';
import { EntityForm } from '../../components/entity-form';
import { SafeTextField, useSafeForm } from '../../components/safe-form';
import { dayjs } from '../../lib/dayjs';
import { translateMessage } from '../../lib/i18n';
import { useContractorOptions } from './api';
import { TYPE_BITS, TYPE_KEYS } from './shared/contract-labels';
import { idOrUndefined } from '../../lib/page-nav';
import { Section } from '../../components/section';

/** The form's values: the contractor as text ('' = none), dates as YYYY-MM-DD ('' = none), coordinates as typed. */
export interface ContractFormValues {
  no: string;
  title: string;
  description: string;
  type: number;
  active: boolean;
  contractor_id: string;
  start_date: string;
  end_date: string;
  easting: string;
  northing: string;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const numberText = z
  .string()
  .trim()
  .refine((v) => v === '' || (NUMBER.test(v) && Math.abs(Number(v)) <= CONTRACT_LIMITS.coordinate), 'contractsAdmin.field.numberInvalid');

/**
 * The form's checks: the API's fields with their limits (shared `ZContractFields`, so the limits live there) over the
 * form's own values (contractor, dates and coordinates as text).
 */
export const ZContractForm = ZContractFields.pick({ no: true, title: true, description: true, type: true, active: true })
  .extend({
    contractor_id: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    easting: numberText,
    northing: numberText,
  })
  .superRefine((v, ctx) => {
    const e = v.easting.trim();
    const n = v.northing.trim();
    if ((e === '') !== (n === '')) ctx.addIssue({ code: 'custom', path: [e === '' ? 'easting' : 'northing'], message: 'contractsAdmin.field.bothNeeded' });
    if (v.start_date && v.end_date && v.start_date > v.end_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'contractsAdmin.field.dateOrder' });
  });

export function contractFormOf(contract?: TContractDetail): ContractFormValues {
  return {
    no: contract?.no ?? '',
    title: contract?.title ?? '',
    description: contract?.description ?? '',
    type: contract?.type ?? 0,
    active: contract?.active ?? true,
    contractor_id: contract?.contractor_id ? String(contract.contractor_id) : '',
    start_date: contract?.start_date ?? '',
    end_date: contract?.end_date ?? '',
    easting: contract?.easting != null ? String(contract.easting) : '',
    northing: contract?.northing != null ? String(contract.northing) : '',
  };
}

/** The API body (POST and PUT take the same fields). */
export function contractBodyOf(values: ContractFormValues): TCreateContractRequest {
  const coordinate = (v: string) => (v.trim() === '' ? null : Number(v.trim()));
  return {
    no: values.no.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    type: values.type,
    active: values.active,
    contractor_id: idOrUndefined(values.contractor_id) ?? null,
    start_date: values.start_date || null,
    end_date: values.end_date || null,
    easting: coordinate(values.easting),
    northing: coordinate(values.northing),
  };
}

/** A YYYY-MM-DD date field on the app's date picker (which speaks ISO instants in the configured time zone). */
function DateField({ name, label, disabled }: { name: 'start_date' | 'end_date'; label: string; disabled?: boolean }) {
  const { control } = useFormContext<ContractFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <AppDatePicker
          name={name}
          label={label}
          disabled={disabled}
          fullWidth
          value={field.value ? dayjs.tz(field.value, DEFAULT_TIMEZONE).toISOString() : null}
          onChange={(iso) => field.onChange(iso ? dayjs(iso).tz(DEFAULT_TIMEZONE).format('YYYY-MM-DD') : '')}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
        />
      )}
    />
  );
}

function TypeField({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ContractFormValues>();
  const labelId = useId();
  return (
    <Controller
      name="type"
      control={control}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
          <FormLabel component="legend" id={labelId}>
            {t('contractsAdmin.field.type')}
          </FormLabel>
          <FormGroup row aria-labelledby={labelId}>
            {TYPE_BITS.map((bit) => (
              <FormControlLabel
                key={bit}
                label={t(TYPE_KEYS[bit])}
                control={
                  <Checkbox
                    checked={(field.value & bit) !== 0}
                    onChange={(event) => field.onChange(event.target.checked ? field.value | bit : field.value & ~bit)}
                    onBlur={field.onBlur}
                  />
                }
              />
            ))}
          </FormGroup>
          {fieldState.error?.message && <FormHelperText>{translateMessage(fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** Latitude and longitude (WGS84) of the typed easting/northing, computed as they change. */
function ComputedLatLon() {
  const { t } = useTranslation();
  const [easting, northing] = useWatch<ContractFormValues, ['easting', 'northing']>({ name: ['easting', 'northing'] });
  const e = easting.trim();
  const n = northing.trim();
  const valid = NUMBER.test(e) && NUMBER.test(n);
  const ll = valid ? svy21ToWgs84(Number(e), Number(n)) : null;
  const show = (v: number | undefined) => (v === undefined ? t('contractsAdmin.field.notComputed') : v.toFixed(7));
  return (
    <>
      <TextField
        label={t('contractsAdmin.field.latitude')}
        value={show(ll?.lat)}
        variant="filled"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('contractsAdmin.field.longitude')}
        value={show(ll?.lon)}
        variant="filled"
        fullWidth
        slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
      />
    </>
  );
}

export interface ContractFormProps {
  contract?: TContractDetail;
  onSubmit: (values: ContractFormValues) => Promise<unknown>;
  submitLabel: string;
  /** More buttons after submit (cancel, delete). */
  buttons?: ReactNode;
  readOnly?: boolean;
}

/**
 * A contract's fields: number, title, description, type bits (IM, Civil, SI), active, contractor, start and end dates,
 * and the reference point in SVY21 with its WGS84 latitude/longitude computed. Server field errors fill the fields.
 */
export function ContractForm({ contract, onSubmit, submitLabel, buttons, readOnly }: ContractFormProps) {
  const { t } = useTranslation();
  const contractors = useContractorOptions();
  const form = useSafeForm<ContractFormValues>({ schema: ZContractForm, defaultValues: contractFormOf(contract) });
  // The contract's own contractor stays choosable even if it is not in the options read.
  const options = [...(contractors.data ?? [])];
  if (contract?.contractor_id && !options.some((o) => o.contractor_id === contract.contractor_id)) {
    options.push({ contractor_id: contract.contractor_id, name: contract.contractor_name ?? `#${contract.contractor_id}` });
  }
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } } as const;

  return (
    <EntityForm
      form={form}
      autoFocus={!readOnly}
      aria-label={contract ? contract.no : t('contractsAdmin.route.newContract')}
      onSubmit={async (values: ContractFormValues) => {
        await onSubmit(values);
        form.reset(values);
      }}
      submitLabel={submitLabel}
      buttons={buttons}
      readOnly={readOnly}
    >
      <Section>
        <Stack spacing={2}>
          <Box sx={grid}>
            <SafeTextField name="no" label={t('contractsAdmin.field.no')} required fullWidth disabled={readOnly} autoComplete="off" />
            <SafeTextField name="title" label={t('contractsAdmin.field.title')} required fullWidth disabled={readOnly} />
          </Box>
          <SafeTextField name="description" label={t('contractsAdmin.field.description')} multiline minRows={2} fullWidth disabled={readOnly} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TypeField disabled={readOnly} />
            <Controller
              name="active"
              control={form.control}
              render={({ field }) => (
                <FormControlLabel
                  disabled={readOnly}
                  label={t('contractsAdmin.field.active')}
                  control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
                />
              )}
            />
          </Stack>
          <SafeTextField
            name="contractor_id"
            select
            label={t('contractsAdmin.field.contractor')}
            fullWidth
            disabled={readOnly || contractors.isPending}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">
              <em>{t('contractsAdmin.field.noContractor')}</em>
            </MenuItem>
            {options.map((contractor) => (
              <MenuItem key={contractor.contractor_id} value={String(contractor.contractor_id)}>
                {contractor.name}
              </MenuItem>
            ))}
          </SafeTextField>
          <Box sx={grid}>
            <DateField name="start_date" label={t('contractsAdmin.field.startDate')} disabled={readOnly} />
            <DateField name="end_date" label={t('contractsAdmin.field.endDate')} disabled={readOnly} />
          </Box>
        </Stack>
      </Section>
      <Section title={t('contractsAdmin.field.reference')} subheader={t('contractsAdmin.field.referenceHint')}>
        <Box sx={grid}>
          <SafeTextField
            name="easting"
            label={t('contractsAdmin.field.easting')}
            fullWidth
            disabled={readOnly}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <SafeTextField
            name="northing"
            label={t('contractsAdmin.field.northing')}
            fullWidth
            disabled={readOnly}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <ComputedLatLon />
        </Box>
      </Section>
      {readOnly && (
        <Typography variant="body2" color="text.secondary">
          {t('contractsAdmin.form.readOnly')}
        </Typography>
      )}
    </EntityForm>
  );
}
