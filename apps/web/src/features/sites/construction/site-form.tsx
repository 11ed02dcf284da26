import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { SITE_TYPES, ZSiteFields, type SiteType, type TSite, type TSiteGeometry } from '@strata/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EntityForm } from '../../../components/entity-form';
import { SafeTextField, useSafeForm } from '../../../components/safe-form';
import { useContractOptions } from '../../../lib/contract-options';
import { FormSelect } from '../shared/form-select';
import { Section } from '../../../components/section';
import { SITE_TYPE_KEYS } from '../shared/site-type';
import { SiteGeometryField } from './site-geometry-field';

/** Every typed position is a pair of numbers (an empty or unreadable field is NaN). */
function finitePositions(geometry: TSiteGeometry | null): boolean {
  if (!geometry) return true;
  const positions = geometry.type === 'Point' ? [geometry.coordinates] : geometry.type === 'LineString' ? geometry.coordinates : geometry.coordinates.flat();
  return positions.every((p) => p.every((v) => Number.isFinite(v)));
}

/** The geometry as the API checks it, with a clear message for positions not typed as numbers. */
const ZGeometryField = z.custom<TSiteGeometry | null>().superRefine((geometry, ctx) => {
  if (!finitePositions(geometry)) {
    ctx.addIssue({ code: 'custom', message: 'sites.geometry.numbersRequired' });
    return;
  }
  const parsed = ZSiteFields.shape.geometry.safeParse(geometry);
  if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'sites.geometry.invalid' });
});

/**
 * The form's checks: the API's fields with their limits (shared `ZSiteFields`) over the form's own values (the contract
 * as text, no type chosen yet as '').
 */
const ZSiteForm = ZSiteFields.pick({ site_name: true, description: true }).extend({
  contract_id: z.string().regex(/^\d+$/, 'sites.site.contractRequired'),
  type: z.union([ZSiteFields.shape.type, z.literal('')]).pipe(z.enum(SITE_TYPES, 'sites.site.typeRequired')),
  geometry: ZGeometryField,
});
export type SiteFormValues = z.input<typeof ZSiteForm>;
export type SiteFormOutput = z.output<typeof ZSiteForm>;

export interface SiteFormProps {
  /** The site being edited; absent for a new one. */
  site?: TSite;
  onSubmit: (values: { contract_id: number; site_name: string; type: SiteType; description: string; geometry: TSiteGeometry | null }) => Promise<unknown>;
  submitLabel: string;
  /** More buttons after submit (cancel, delete). */
  buttons?: ReactNode;
  readOnly?: boolean;
}

/**
 * Contract, name, type (E excavation / MT mined tunnel; fixed once created), description and geometry (SVY21) of a
 * construction site. Only the caller's contracts are offered.
 */
export function SiteForm({ site, onSubmit, submitLabel, buttons, readOnly }: SiteFormProps) {
  const { t } = useTranslation();
  const contracts = useContractOptions();
  const form = useSafeForm<SiteFormValues, SiteFormOutput>({
    schema: ZSiteForm,
    defaultValues: {
      contract_id: site ? String(site.contract_id) : '',
      site_name: site?.site_name ?? '',
      type: site?.type ?? '',
      description: site?.description ?? '',
      geometry: site?.geometry ?? null,
    },
  });
  const submit = async (values: SiteFormOutput) => {
    await onSubmit({
      contract_id: Number(values.contract_id),
      site_name: values.site_name,
      type: values.type,
      description: values.description,
      geometry: values.geometry,
    });
    form.reset(form.getValues());
  };
  const options = contracts.data ?? [];
  // The site's own contract stays selectable while the options load (or if it is no longer assigned).
  const current = site && !options.some((c) => c.contract_id === site.contract_id) ? [{ contract_id: site.contract_id, no: site.contract_no, title: '' }] : [];
  return (
    <EntityForm
      form={form}
      onSubmit={submit}
      autoFocus={!readOnly && !site}
      aria-label={site?.site_name ?? t('sites.route.newSite')}
      submitLabel={submitLabel}
      buttons={buttons}
      readOnly={readOnly}
    >
      <Section title={t('sites.site.details')}>
        <Stack spacing={2}>
          <FormSelect
            name="contract_id"
            label={t('sites.common.contract')}
            required
            fullWidth
            disabled={readOnly}
            helperText={contracts.isError ? t('sites.common.contractsFailed') : undefined}
          >
            {[...current, ...options].map((c) => (
              <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                {c.title ? `${c.no} — ${c.title}` : c.no}
              </MenuItem>
            ))}
          </FormSelect>
          <SafeTextField name="site_name" label={t('sites.site.name')} required fullWidth disabled={readOnly} />
          <FormSelect
            name="type"
            label={t('sites.common.type')}
            required
            fullWidth
            disabled={readOnly || Boolean(site)}
            helperText={site ? t('sites.site.typeFixed') : undefined}
          >
            {SITE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(SITE_TYPE_KEYS[type])}
              </MenuItem>
            ))}
          </FormSelect>
          <SafeTextField name="description" label={t('sites.common.description')} fullWidth multiline minRows={2} disabled={readOnly} />
        </Stack>
      </Section>
      <SiteGeometryField readOnly={readOnly} />
    </EntityForm>
  );
}
