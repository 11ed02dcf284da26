import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TAttachmentKind, TInstrument } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadAttachmentDialog, type RecordTag } from '../../../components/record-files';
import { useContractList } from '../../../lib/active-contracts';
import { useCan } from '../../../lib/use-can';
import { useContractInstruments } from '../api';

export interface UploadToRecordDialogProps {
  open: boolean;
  onClose: () => void;
  kind: TAttachmentKind;
  /** The contract chosen at first (the search's contract filter, else the first active contract). */
  initialContractId?: number;
}

/**
 * The map file search's "Upload photo" / "Upload document" (spec §2.2): the shared upload dialog with a choice of
 * record — an instrument of one of the user's contracts, or (with Upload Other Files) the contract itself.
 */
export function UploadToRecordDialog({ open, onClose, kind, initialContractId }: UploadToRecordDialogProps) {
  const { t } = useTranslation();
  const { contracts, selected } = useContractList();
  const canOtherFiles = useCan('UploadOtherFiles');
  const [contractId, setContractId] = useState<number | undefined>(undefined);
  const [instrument, setInstrument] = useState<TInstrument | null>(null);
  const instruments = useContractInstruments(open ? contractId : undefined);

  useEffect(() => {
    if (!open) return;
    setInstrument(null);
    setContractId(initialContractId ?? selected[0] ?? contracts[0]?.contract_id);
    // Only when the dialog opens: the user's choice wins afterwards.
  }, [open]);

  const tag: RecordTag | null = instrument
    ? { category: 'instrument', reference_id: instrument.instrument_id }
    : canOtherFiles && contractId !== undefined
      ? { category: 'contract', reference_id: contractId }
      : null;

  return (
    <UploadAttachmentDialog open={open} onClose={onClose} kind={kind} tag={tag}>
      <TextField
        select
        size="small"
        label={t('files.attach.contract')}
        value={contractId === undefined ? '' : String(contractId)}
        onChange={(event) => {
          setContractId(Number(event.target.value));
          setInstrument(null);
        }}
      >
        {contracts.map((c) => (
          <MenuItem key={c.contract_id} value={String(c.contract_id)}>
            {c.no}
            {c.title ? ` — ${c.title}` : ''}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        size="small"
        options={instruments.data?.records ?? []}
        loading={instruments.isFetching}
        value={instrument}
        onChange={(_event, value) => setInstrument(value)}
        getOptionLabel={(option) => `${option.name} · ${option.type_name}`}
        isOptionEqualToValue={(a, b) => a.instrument_id === b.instrument_id}
        disabled={contractId === undefined}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('files.attach.instrument')}
            helperText={canOtherFiles ? t('files.attach.instrumentOptional') : t('files.attach.instrumentRequired')}
          />
        )}
      />
    </UploadAttachmentDialog>
  );
}
