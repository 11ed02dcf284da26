import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWidget } from '../../test/render-widget';
import { SafeTextField, useSafeForm } from '../safe-form';
import { EntityForm } from './entity-form';

const ZName = z.object({ name: z.string().trim().min(1, 'Name is required') });

function NameForm({ onSubmit, readOnly }: { onSubmit: (values: { name: string }) => unknown; readOnly?: boolean }) {
  const form = useSafeForm({ schema: ZName, defaultValues: { name: 'Acme' } });
  return (
    <EntityForm
      form={form}
      onSubmit={onSubmit}
      autoFocus={false}
      aria-label="Contractor"
      submitLabel="Save"
      readOnly={readOnly}
      buttons={<button type="button">Cancel</button>}
    >
      <SafeTextField name="name" label="Name" disabled={readOnly} />
    </EntityForm>
  );
}

describe('EntityForm', () => {
  it('submits the valid values with its submit button and shows the caller’s buttons after it', async () => {
    const submit = vi.fn();
    renderWidget(<NameForm onSubmit={submit} />);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Save', 'Cancel']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: 'Acme' }));
  });

  it('has no submit button when read-only, and keeps the caller’s buttons', () => {
    renderWidget(<NameForm onSubmit={() => {}} readOnly />);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contractor' })).toBeInTheDocument();
  });
});
