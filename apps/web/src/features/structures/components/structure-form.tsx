import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  STRUCTURE_DEFAULT_INFLUENCE_M,
  STRUCTURE_LIMITS,
  STRUCTURE_TYPES,
  ZStructureFields,
  type TCreateStructureRequest,
  type TPolygon,
  type TStructure,
  type TStructureOutline,
} from '@strata/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, get, useController, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EntityForm } from '../../../components/entity-form';
import { PolygonEditor } from '../../../components/map';
import { SafeTextField, useSafeForm } from '../../../components/safe-form';
import { Section } from '../../../components/section';
import { useContractOptions } from '../../../lib/contract-options';
import { translateMessage } from '../../../lib/i18n';
import { useContractInstruments } from '../api';
import { InstrumentPicker } from './instrument-picker';
import { LineEditor } from './line-editor';
import { outlinesExtent } from './outline-layer';

/** The form's checks: the API's fields and limits (shared `ZStructureFields`), the contract and distance as text. */
const ZStructureForm = ZStructureFields.omit({ contract_id: true, influence_distance: true, outline: true }).extend({
  contract_id: z.string().regex(/^\d+$/, 'structures.form.contractRequired'),
  influence_distance: z.string().regex(/^\d+(\.\d+)?$/, 'structures.form.distanceNumber'),
  outline: ZStructureFields.shape.outline.nullable().refine((o) => o !== null, 'structures.form.outlineRequired'),
});
type FormValues = z.input<typeof ZStructureForm>;
type FormOutput = z.output<typeof ZStructureForm>;

function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

function FieldError({ name }: { name: string }) {
  const { control } = useFormContext<FormValues>();
  const { errors } = useFormState({ control, name: name as never });
  const error = firstMessage(get(errors, name));
  return error ? (
    <FormHelperText error role="alert">
      {translateMessage(error)}
    </FormHelperText>
  ) : null;
}

function Select({ name, label, children, disabled }: { name: 'contract_id' | 'structure_type'; label: string; children: ReactNode; disabled?: boolean }) {
  const { control } = useFormContext<FormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          required
          fullWidth
          label={label}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
        >
          {children}
        </TextField>
      )}
    />
  );
}

function OutlineField({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<FormValues>();
  const { field } = useController({ control, name: 'outline' });
  const contractId = useWatch({ control, name: 'contract_id' });
  const instruments = useContractInstruments(contractId ? Number(contractId) : undefined);
  const outline = field.value as TStructureOutline | null;
  const extent = useMemo(() => {
    if (outline) return outlinesExtent([outline]);
    const points = instruments.data ?? [];
    if (points.length === 0) return null;
    return outlinesExtent([{ type: 'LineString', coordinates: points.map((p) => [p.easting, p.northing]) }], 50);
  }, [outline, instruments.data]);
  const [shape, setShape] = useState<'Polygon' | 'LineString'>(outline?.type ?? 'Polygon');
  return (
    <Section title={t('structures.form.outline')} subheader={t('structures.form.outlineHint')}>
      <Stack spacing={1}>
        <TextField
          select
          size="small"
          label={t('structures.form.shape')}
          value={shape}
          onChange={(event) => {
            const next = event.target.value as 'Polygon' | 'LineString';
            setShape(next);
            if (outline && outline.type !== next) field.onChange(null);
          }}
          disabled={readOnly}
          sx={{ maxWidth: 260 }}
        >
          <MenuItem value="Polygon">{t('structures.form.shapePolygon')}</MenuItem>
          <MenuItem value="LineString">{t('structures.form.shapeLine')}</MenuItem>
        </TextField>
        {shape === 'LineString' ? (
          <LineEditor
            label={t('structures.form.outlineMap')}
            value={outline?.type === 'LineString' ? outline : null}
            onChange={(line) => field.onChange(line)}
            extent={extent}
            readOnly={readOnly}
          />
        ) : (
          <PolygonEditor
            label={t('structures.form.outlineMap')}
            value={outline?.type === 'Polygon' ? (outline as TPolygon) : null}
            onChange={(polygon) => field.onChange(polygon)}
            readOnly={readOnly}
            extent={extent}
            tableLabel={t('structures.form.vertices')}
          />
        )}
        <FieldError name="outline" />
      </Stack>
    </Section>
  );
}

function ContactsField({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts' });
  return (
    <Section
      title={t('structures.form.contacts')}
      action={
        !readOnly && fields.length < STRUCTURE_LIMITS.contacts ? (
          <Button startIcon={<Add />} onClick={() => append({ name: '', role: '', phone: '', email: '' })}>
            {t('structures.form.addContact')}
          </Button>
        ) : undefined
      }
    >
      <Stack spacing={2}>
        {fields.length === 0 && <Typography color="text.secondary">{t('structures.form.noContacts')}</Typography>}
        {fields.map((f, i) => (
          <Stack key={f.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <SafeTextField name={`contacts.${i}.name`} label={t('structures.contact.name')} required size="small" disabled={readOnly} sx={{ flex: 2 }} />
            <SafeTextField name={`contacts.${i}.role`} label={t('structures.contact.role')} size="small" disabled={readOnly} sx={{ flex: 2 }} />
            <SafeTextField name={`contacts.${i}.phone`} label={t('structures.contact.phone')} size="small" disabled={readOnly} sx={{ flex: 1.5 }} />
            <SafeTextField name={`contacts.${i}.email`} label={t('structures.contact.email')} size="small" disabled={readOnly} sx={{ flex: 2 }} />
            {!readOnly && (
              <Tooltip title={t('structures.form.removeContact')}>
                <IconButton aria-label={t('structures.form.removeContact')} onClick={() => remove(i)}>
                  <Delete />
                </IconButton>
              </Tooltip>
            )}
          </Stack>
        ))}
        <FieldError name="contacts" />
      </Stack>
    </Section>
  );
}

function InstrumentsField({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<FormValues>();
  const { field } = useController({ control, name: 'instrument_ids' });
  const contractId = useWatch({ control, name: 'contract_id' });
  const outline = useWatch({ control, name: 'outline' }) as TStructureOutline | null;
  return (
    <Section title={t('structures.form.instruments')} subheader={t('structures.form.instrumentsHint')}>
      <InstrumentPicker
        contractId={contractId ? Number(contractId) : undefined}
        value={field.value ?? []}
        onChange={(ids) => field.onChange(ids)}
        outline={outline}
        readOnly={readOnly}
      />
      <FieldError name="instrument_ids" />
    </Section>
  );
}

export interface StructureFormProps {
  structure?: TStructure;
  title: string;
  onSubmit: (body: TCreateStructureRequest) => Promise<unknown>;
  submitLabel: string;
  buttons?: ReactNode;
}

/** Name, contract, type, owner, description, zone of influence, outline (drawn), contacts and instruments (picked). */
export function StructureForm({ structure, title, onSubmit, submitLabel, buttons }: StructureFormProps) {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  const form = useSafeForm<FormValues, FormOutput>({
    schema: ZStructureForm,
    defaultValues: {
      name: structure?.name ?? '',
      contract_id: structure ? String(structure.contract_id) : '',
      structure_type: structure?.structure_type ?? 'building',
      owner: structure?.owner ?? '',
      description: structure?.description ?? '',
      influence_distance: String(structure?.influence_distance ?? STRUCTURE_DEFAULT_INFLUENCE_M),
      outline: structure?.outline ?? null,
      contacts: structure?.contacts ?? [],
      instrument_ids: structure?.instruments.map((i) => i.instrument_id) ?? [],
    },
  });
  const contractId = useWatch({ control: form.control, name: 'contract_id' });
  const options = contracts.data ?? [];
  const current =
    structure && !options.some((c) => c.contract_id === structure.contract_id)
      ? [{ contract_id: structure.contract_id, no: structure.contract_no, title: '' }]
      : [];
  return (
    <EntityForm
      form={form}
      autoFocus={!structure}
      aria-label={title}
      onSubmit={async (values) => {
        await onSubmit({ ...values, contract_id: Number(values.contract_id), influence_distance: Number(values.influence_distance), outline: values.outline! });
        form.reset(form.getValues());
      }}
      submitLabel={submitLabel}
      buttons={buttons}
    >
      <Section title={t('structures.form.details')}>
        <Stack spacing={2}>
          <SafeTextField name="name" label={t('structures.field.name')} required fullWidth />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Select name="contract_id" label={t('structures.field.contract')}>
              {[...current, ...options].map((c) => (
                <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                  {c.title ? `${c.no} — ${c.title}` : c.no}
                </MenuItem>
              ))}
            </Select>
            <Select name="structure_type" label={t('structures.field.type')}>
              {STRUCTURE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`structures.type.${type}`)}
                </MenuItem>
              ))}
            </Select>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SafeTextField name="owner" label={t('structures.field.owner')} fullWidth />
            <SafeTextField name="influence_distance" label={t('structures.field.influence')} required fullWidth inputMode="decimal" />
          </Stack>
          <SafeTextField name="description" label={t('structures.field.description')} fullWidth multiline minRows={2} />
          {contracts.isError && <FormHelperText error>{t('structures.form.contractsFailed')}</FormHelperText>}
        </Stack>
      </Section>
      <OutlineField key={`outline-${contractId}`} />
      <ContactsField />
      <InstrumentsField />
    </EntityForm>
  );
}
