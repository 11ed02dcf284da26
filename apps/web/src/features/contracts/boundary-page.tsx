import Save from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TContractDetail, TPolygon } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert, useDialog, useToast } from '../../components/feedback';
import { PolygonEditor } from '../../components/map';
import { useCan } from '../../lib/use-can';
import { useSetBoundary } from './api';
import { ContractFrame } from './contract-frame';
import { errorText } from '../../lib/error-text';
import { Section } from '../../components/section';

/** Around the reference point when there is no boundary yet (SVY21 metres either side). */
const REFERENCE_SPAN = 1500;

const samePolygon = (a: TPolygon | null, b: TPolygon | null) => JSON.stringify(a) === JSON.stringify(b);

function ContractBoundary({ contract }: { contract: TContractDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const canEdit = useCan('VieworEditContracts');
  const save = useSetBoundary(contract.contract_id);
  const [draft, setDraft] = useState<TPolygon | null>(contract.boundary);
  const [error, setError] = useState<string | null>(null);
  const dirty = !samePolygon(draft, contract.boundary);
  const extent =
    contract.easting != null && contract.northing != null
      ? [contract.easting - REFERENCE_SPAN, contract.northing - REFERENCE_SPAN, contract.easting + REFERENCE_SPAN, contract.northing + REFERENCE_SPAN]
      : null;

  const onSave = async () => {
    setError(null);
    if (draft === null) {
      const ok = await confirm({
        title: t('contractsAdmin.boundary.removeTitle'),
        prompt: t('contractsAdmin.boundary.confirmRemove', { no: contract.no }),
        positive: t('contractsAdmin.boundary.remove'),
        negative: t('contractsAdmin.form.cancel'),
      });
      if (ok !== true) return;
    }
    try {
      const saved = await save.mutateAsync(draft);
      setDraft(saved.boundary);
      toast({ color: 'success', message: t(draft ? 'contractsAdmin.boundary.saved' : 'contractsAdmin.boundary.removed', { no: contract.no }) });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Section title={t('contractsAdmin.boundary.title')} subheader={contract.boundary ? undefined : t('contractsAdmin.boundary.none')}>
      <Stack spacing={2}>
        <PolygonEditor
          label={t('contractsAdmin.boundary.mapLabel', { no: contract.no })}
          tableLabel={t('contractsAdmin.boundary.tableLabel')}
          value={draft}
          onChange={(next) => {
            setError(null);
            setDraft(next);
          }}
          readOnly={!canEdit}
          extent={extent}
        />
        {error && <AppAlert type="error" message={error} onClose={() => setError(null)} />}
        {canEdit ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" startIcon={<Save />} onClick={() => void onSave()} disabled={!dirty || save.isPending}>
              {t('contractsAdmin.boundary.save')}
            </Button>
            <Button onClick={() => setDraft(contract.boundary)} disabled={!dirty || save.isPending}>
              {t('contractsAdmin.boundary.discard')}
            </Button>
            {dirty && (
              <Typography variant="body2" color="warning.main" role="status">
                {t('contractsAdmin.boundary.unsaved')}
              </Typography>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('contractsAdmin.boundary.readOnly')}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}

/** `/contracts/management/{id}/boundaries`: tab Boundary — the boundary polygon on a map, drawn, edited or imported. */
export function ContractBoundaryPage() {
  return <ContractFrame tab="boundary" render={(contract) => contract && <ContractBoundary key={contract.contract_id} contract={contract} />} />;
}
