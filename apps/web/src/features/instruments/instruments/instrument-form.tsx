import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import {
  INSTRUMENT_STATUS_CODES,
  ZInstrumentFields,
  type TCreateInstrumentRequest,
  type TInstrument,
  type TInstrumentType,
  type TUpdateInstrumentRequest,
} from '@strata/shared';
import type { ReactNode } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppDatePicker } from '../../../components/date-time';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { useContractOptions } from '../../../lib/contract-options';
import { useZoneOptions } from '../api/options';
import { dateToInstant, instantToDate } from '../shared/dates';
import { idOrUndefined } from '../../../lib/page-nav';
import { FREQUENCY_OPTIONS, frequencyKey, STATUS_KEYS } from '../shared/labels';
import { DECIMAL, numberText, parseDecimal } from '../shared/numbers';
import { Section } from '../../../components/section';
import { Wgs84Fields } from './coordinates';

const decimal = (message: string) => z.string().trim().regex(DECIMAL, message);
const optionalDecimal = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || DECIMAL.test(v), message);

/** The form's checks: name, LTA code and remarks as the API checks them (shared `ZInstrumentFields`), the rest as typed. */
const ZInstrumentForm = z.object({
  name: ZInstrumentFields.shape.name,
  type_code: z.string().min(1, 'instruments.validation.typeRequired'),
  contract_id: z.string().regex(/^\d+$/, 'instruments.validation.contractRequired'),
  zone_id: z.string(),
  easting: decimal('instruments.validation.easting'),
  northing: decimal('instruments.validation.northing'),
  level: optionalDecimal('instruments.validation.level'),
  install_date: z.string(),
  status: z.enum(INSTRUMENT_STATUS_CODES),
  frequency: z.string(),
  lta_code: ZInstrumentFields.shape.lta_code.unwrap(),
  remarks: ZInstrumentFields.shape.remarks.unwrap(),
});
export type InstrumentFormValues = z.input<typeof ZInstrumentForm>;

function valuesOf(instrument?: TInstrument, contractId?: number): InstrumentFormValues {
  return {
    name: instrument?.name ?? '',
    type_code: instrument?.type_code ?? '',
    contract_id: instrument ? String(instrument.contract_id) : contractId ? String(contractId) : '',
    zone_id: instrument?.zone_id ? String(instrument.zone_id) : '',
    easting: numberText(instrument?.easting),
    northing: numberText(instrument?.northing),
    level: numberText(instrument?.level),
    install_date: instrument?.install_date ?? '',
    status: (INSTRUMENT_STATUS_CODES as readonly string[]).includes(instrument?.status ?? '')
      ? (instrument!.status as InstrumentFormValues['status'])
      : 'active',
    frequency: instrument?.frequency ?? '',
    lta_code: instrument?.lta_code ?? '',
    remarks: instrument?.remarks ?? '',
  };
}

/** The request body of the form's values: empty optional fields are null. */
export function bodyOf(values: InstrumentFormValues): TCreateInstrumentRequest & TUpdateInstrumentRequest {
  return {
    name: values.name.trim(),
    type_code: values.type_code,
    contract_id: Number(values.contract_id),
    zone_id: idOrUndefined(values.zone_id) ?? null,
    easting: parseDecimal(values.easting)!,
    northing: parseDecimal(values.northing)!,
    level: parseDecimal(values.level) ?? null,
    install_date: values.install_date || null,
    status: values.status,
    frequency: (FREQUENCY_OPTIONS as readonly string[]).includes(values.frequency) ? (values.frequency as TCreateInstrumentRequest['frequency']) : null,
    lta_code: values.lta_code.trim() || null,
    remarks: values.remarks.trim() || null,
    baseline_date: null,
    baseline_remarks: null,
  };
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } } as const;

function ZoneField({ control }: { control: Control<InstrumentFormValues> }) {
  const { t } = useTranslation();
  const contractId = idOrUndefined(useWatch({ control, name: 'contract_id' }));
  const zones = useZoneOptions(contractId, contractId !== undefined);
  const value = useWatch({ control, name: 'zone_id' });
  const known = !value || (zones.data ?? []).some((z) => String(z.zone_id) === value);
  return (
    <SafeTextField
      name="zone_id"
      select
      label={t('instruments.field.zone')}
      fullWidth
      disabled={contractId === undefined}
      helperText={contractId === undefined ? t('instruments.form.chooseContractFirst') : undefined}
    >
      <MenuItem value="">{t('instruments.form.noZone')}</MenuItem>
      {(zones.data ?? []).map((zone) => (
        <MenuItem key={zone.zone_id} value={String(zone.zone_id)}>
          {zone.name}
        </MenuItem>
      ))}
      {!known && <MenuItem value={value}>{value}</MenuItem>}
    </SafeTextField>
  );
}

/** The contracts the user can see; the current value stays shown while they load or when it is not among them. */
function ContractField({ control, instrument, onChange }: { control: Control<InstrumentFormValues>; instrument?: TInstrument; onChange: () => void }) {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  const value = useWatch({ control, name: 'contract_id' });
  const known = !value || (contracts.data ?? []).some((c) => String(c.contract_id) === value);
  return (
    <SafeTextField name="contract_id" select label={t('instruments.field.contract')} required fullWidth onChange={onChange}>
      {(contracts.data ?? []).map((contract) => (
        <MenuItem key={contract.contract_id} value={String(contract.contract_id)}>
          {contract.no}
        </MenuItem>
      ))}
      {!known && <MenuItem value={value}>{instrument && String(instrument.contract_id) === value ? instrument.contract_no : '…'}</MenuItem>}
    </SafeTextField>
  );
}

function PositionFields({ control }: { control: Control<InstrumentFormValues> }) {
  const { t } = useTranslation();
  const [easting, northing] = useWatch({ control, name: ['easting', 'northing'] });
  const numeric = { slotProps: { htmlInput: { inputMode: 'decimal' as const } } };
  return (
    <Box sx={GRID}>
      <SafeTextField name="easting" label={t('instruments.field.eastingSvy21')} required fullWidth {...numeric} />
      <SafeTextField name="northing" label={t('instruments.field.northingSvy21')} required fullWidth {...numeric} />
      <Wgs84Fields easting={easting} northing={northing} />
    </Box>
  );
}

export interface InstrumentFormProps {
  instrument?: TInstrument;
  /** The contract a new instrument starts with (the list's contract filter). */
  contractId?: number;
  types: readonly TInstrumentType[];
  /** The instrument has thresholds: its type cannot change. */
  hasThresholds?: boolean;
  onSubmit: (values: InstrumentFormValues) => Promise<unknown>;
  submitLabel: string;
  buttons?: ReactNode;
  title?: ReactNode;
  subheader?: ReactNode;
}

/**
 * Name, type, contract, zone (of that contract), easting/northing in SVY21 with latitude/longitude (WGS84)
 * computed live beside them, level (mRL), install date, status, frequency, LTA code and remarks.
 */
export function InstrumentForm({ instrument, contractId, types, hasThresholds, onSubmit, submitLabel, buttons, title, subheader }: InstrumentFormProps) {
  const { t } = useTranslation();
  const form = useSafeForm<InstrumentFormValues>({ schema: ZInstrumentForm, defaultValues: valuesOf(instrument, contractId) });
  const typeKnown = !instrument || types.some((type) => type.code === instrument.type_code);

  const submit = async (values: InstrumentFormValues) => {
    await onSubmit(values);
    form.reset(values);
  };

  return (
    <SafeForm form={form} onSubmit={submit} aria-label={instrument?.name ?? t('instruments.route.newInstrument')}>
      <Section title={title} subheader={subheader}>
        <Stack spacing={2}>
          <Box sx={GRID}>
            <SafeTextField name="name" label={t('instruments.field.name')} required fullWidth />
            <SafeTextField
              name="type_code"
              select
              label={t('instruments.field.type')}
              required
              fullWidth
              disabled={hasThresholds}
              helperText={hasThresholds ? t('instruments.form.typeLocked') : undefined}
            >
              {types.map((type) => (
                <MenuItem key={type.type_id} value={type.code}>
                  {type.name} ({type.code})
                </MenuItem>
              ))}
              {!typeKnown && instrument && <MenuItem value={instrument.type_code}>{instrument.type_name}</MenuItem>}
            </SafeTextField>
            <ContractField control={form.control} instrument={instrument} onChange={() => form.setValue('zone_id', '')} />
            <ZoneField control={form.control} />
          </Box>
          <PositionFields control={form.control} />
          <Box sx={GRID}>
            <SafeTextField name="level" label={t('instruments.field.level')} fullWidth slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
            <Controller<InstrumentFormValues, 'install_date'>
              name="install_date"
              control={form.control}
              render={({ field, fieldState }) => (
                <AppDatePicker
                  label={t('instruments.field.installDate')}
                  name={field.name}
                  value={dateToInstant(field.value)}
                  onChange={(iso) => field.onChange(instantToDate(iso))}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
                  fullWidth
                />
              )}
            />
            <SafeTextField name="status" select label={t('instruments.field.status')} required fullWidth>
              {INSTRUMENT_STATUS_CODES.map((status) => (
                <MenuItem key={status} value={status}>
                  {t(STATUS_KEYS[status])}
                </MenuItem>
              ))}
            </SafeTextField>
            <SafeTextField name="frequency" select label={t('instruments.field.frequency')} fullWidth>
              <MenuItem value="">{t('instruments.form.noFrequency')}</MenuItem>
              {FREQUENCY_OPTIONS.map((code) => (
                <MenuItem key={code} value={code}>
                  {t(frequencyKey(code)!)}
                </MenuItem>
              ))}
            </SafeTextField>
          </Box>
          <Box sx={{ ...GRID, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 3fr)' } }}>
            <SafeTextField name="lta_code" label={t('instruments.field.ltaCode')} fullWidth />
            <SafeTextField name="remarks" label={t('instruments.field.remarks')} fullWidth multiline minRows={1} />
          </Box>
        </Stack>
      </Section>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
        {buttons}
      </Stack>
    </SafeForm>
  );
}
