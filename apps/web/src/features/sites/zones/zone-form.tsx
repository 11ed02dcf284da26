import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { ZZoneFields, type TPolygon, type TZone } from '@strata/shared';
import type { ReactNode } from 'react';
import { Controller, get, useController, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PolygonEditor } from '../../../components/map';
import { EntityForm } from '../../../components/entity-form';
import { SafeTextField, useSafeForm } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { useContractOptions } from '../../../lib/contract-options';
import { useContractExtent, useMapKey } from '../shared/contracts-api';
import { FormSelect } from '../shared/form-select';
import { firstMessage } from '../shared/form-errors';
import { Section } from '../../../components/section';

/** The form's checks: the API's fields with their limits (shared `ZZoneFields`), the contract as text. */
const ZZoneForm = ZZoneFields.omit({ contract_id: true }).extend({
  contract_id: z.string().regex(/^\d+$/, 'sites.zone.contractRequired'),
});
export type ZoneFormValues = z.input<typeof ZZoneForm>;
type ZoneFormOutput = z.output<typeof ZZoneForm>;

export interface ZoneBody {
  contract_id: number;
  name: string;
  is_report: boolean;
  description: string;
  polygon: TPolygon | null;
}

function PolygonField({ readOnly }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ZoneFormValues>();
  const { field } = useController({ control, name: 'polygon' });
  const { errors } = useFormState({ control, name: 'polygon' });
  const error = firstMessage(get(errors, 'polygon'));
  // With no polygon yet, the map opens around the chosen contract's reference point (again when the contract changes).
  const contractId = useWatch({ control, name: 'contract_id' });
  const aroundContract = useContractExtent(contractId);
  const mapKey = useMapKey(contractId, field.value === null && aroundContract !== null);
  return (
    <Section title={t('sites.zone.polygon')} subheader={t('sites.zone.polygonHint')}>
      <Stack spacing={1}>
        <PolygonEditor
          key={mapKey}
          label={t('sites.zone.mapLabel')}
          value={field.value}
          onChange={(polygon) => field.onChange(polygon)}
          readOnly={readOnly}
          extent={aroundContract}
          tableLabel={t('sites.zone.vertices')}
        />
        {error && (
          <FormHelperText error role="alert">
            {translateMessage(error)}
          </FormHelperText>
        )}
      </Stack>
    </Section>
  );
}

export interface ZoneFormProps {
  zone?: TZone;
  onSubmit: (body: ZoneBody) => Promise<unknown>;
  submitLabel: string;
  buttons?: ReactNode;
  readOnly?: boolean;
}

/** Name, contract (the caller's only), "used in reports", description and polygon (drawn on the map) of a zone. */
export function ZoneForm({ zone, onSubmit, submitLabel, buttons, readOnly }: ZoneFormProps) {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  const form = useSafeForm<ZoneFormValues, ZoneFormOutput>({
    schema: ZZoneForm,
    defaultValues: {
      contract_id: zone ? String(zone.contract_id) : '',
      name: zone?.name ?? '',
      is_report: zone?.is_report ?? false,
      description: zone?.description ?? '',
      polygon: zone?.polygon ?? null,
    },
  });
  const options = contracts.data ?? [];
  const current = zone && !options.some((c) => c.contract_id === zone.contract_id) ? [{ contract_id: zone.contract_id, no: zone.contract_no, title: '' }] : [];
  return (
    <EntityForm
      form={form}
      autoFocus={!readOnly && !zone}
      aria-label={zone?.name ?? t('sites.route.newZone')}
      onSubmit={async (values) => {
        await onSubmit({ ...values, contract_id: Number(values.contract_id) });
        form.reset(form.getValues());
      }}
      submitLabel={submitLabel}
      buttons={buttons}
      readOnly={readOnly}
    >
      <Section title={t('sites.zone.details')}>
        <Stack spacing={2}>
          <SafeTextField name="name" label={t('sites.zone.name')} required fullWidth disabled={readOnly} />
          <FormSelect
            name="contract_id"
            label={t('sites.common.contract')}
            required
            fullWidth
            disabled={readOnly}
            helperText={
              contracts.isError
                ? t('sites.common.contractsFailed')
                : zone && zone.instrument_count > 0
                  ? t('sites.zone.contractLocked', { count: zone.instrument_count })
                  : undefined
            }
          >
            {[...current, ...options].map((c) => (
              <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                {c.title ? `${c.no} — ${c.title}` : c.no}
              </MenuItem>
            ))}
          </FormSelect>
          <Controller
            name="is_report"
            control={form.control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} disabled={readOnly} />}
                label={t('sites.zone.isReportLabel')}
              />
            )}
          />
          <SafeTextField name="description" label={t('sites.common.description')} fullWidth multiline minRows={2} disabled={readOnly} />
        </Stack>
      </Section>
      <PolygonField readOnly={readOnly} />
    </EntityForm>
  );
}
