import { MONITORING_LOGO_MAX_BYTES, type TMonitoringSection } from '@strata/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWidget } from '../../../../test/render-widget';
import { api, server } from '../../../../test/server';
import { SectionEditor } from './section-editor';
import { newSection } from './sections';

let latest: TMonitoringSection[] = [];

function Editor({ initial, errors }: { initial: TMonitoringSection[]; errors?: Record<string, string> }) {
  const [sections, setSections] = useState(initial);
  return (
    <SectionEditor
      sections={sections}
      errors={errors}
      onChange={(next) => {
        latest = next;
        setSections(next);
      }}
    />
  );
}

const headings = () =>
  within(screen.getByRole('list', { name: 'Sections' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('SectionEditor (monitoring templates)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    latest = [];
    server.use(http.get(api('/instrument-types'), () => HttpResponse.json({ records: [], total_records: 0 })));
  });

  it('adds a kind not yet present (a cover goes first), removes and reorders, the cover staying first', async () => {
    const user = userEvent.setup();
    renderWidget(<Editor initial={[newSection('executive-summary'), newSection('breach-log')]} />);
    expect(headings()).toEqual(['1. Executive Summary', '2. Breach Log']);

    await user.click(screen.getByRole('combobox', { name: 'Section to add' }));
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).not.toContain('Executive Summary');
    expect(offered[0]).toBe('Cover');
    await user.click(screen.getByRole('option', { name: 'Cover' }));
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    expect(headings()).toEqual(['1. Cover', '2. Executive Summary', '3. Breach Log']);

    // The cover cannot move and nothing moves above it.
    expect(screen.getByRole('button', { name: 'Move Cover down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Executive Summary up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Breach Log up' }));
    expect(headings()).toEqual(['1. Cover', '2. Breach Log', '3. Executive Summary']);
    expect(latest.map((s) => s.kind)).toEqual(['cover', 'breach-log', 'executive-summary']);

    await user.click(screen.getByRole('button', { name: 'Remove Breach Log' }));
    expect(latest.map((s) => s.kind)).toEqual(['cover', 'executive-summary']);
    await user.click(screen.getByRole('combobox', { name: 'Section to add' }));
    expect(screen.getByRole('option', { name: 'Breach Log' })).toBeInTheDocument();
  });

  it('edits each kind’s options into the section', async () => {
    const user = userEvent.setup();
    renderWidget(<Editor initial={[newSection('group-charts'), newSection('site-photos'), newSection('appendices')]} />);
    await user.click(screen.getByRole('combobox', { name: 'Charts per page' }));
    await user.click(screen.getByRole('option', { name: '4' }));
    await user.click(screen.getByRole('combobox', { name: 'Group charts by' }));
    await user.click(screen.getByRole('option', { name: 'Monitoring group' }));
    const photos = screen.getByRole('spinbutton', { name: 'Most photos' });
    await user.clear(photos);
    await user.type(photos, '30');
    await user.click(screen.getByRole('button', { name: 'Add appendix' }));
    await user.type(screen.getByRole('textbox', { name: 'Appendix 1 title' }), 'Calibration');
    await user.type(screen.getAllByRole('textbox', { name: 'Heading' })[0]!, 'Charts');
    expect(latest).toEqual([
      { kind: 'group-charts', title: 'Charts', group_by: 'monitoring-group', per_page: 4 },
      { kind: 'site-photos', max_photos: 30 },
      { kind: 'appendices', items: [{ title: 'Calibration', text: '' }] },
    ]);
  });

  it('shows errors against the section’s fields', () => {
    renderWidget(<Editor initial={[newSection('cover')]} errors={{ '0.logo': 'The logo must be a PNG or JPEG image', '': 'Add at least one section' }} />);
    expect(screen.getByText('The logo must be a PNG or JPEG image')).toBeInTheDocument();
    expect(screen.getByText('Add at least one section')).toBeInTheDocument();
  });

  it('reads a PNG logo to a data URL and shows it; refuses another type and a file over the limit before sending', async () => {
    renderWidget(<Editor initial={[newSection('cover')]} />);
    const input = screen.getByLabelText('Logo file');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The logo must be a PNG or JPEG image')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(MONITORING_LOGO_MAX_BYTES + 1)], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('The logo is larger than 300 kB')).toBeInTheDocument();
    // A PNG in name only.
    fireEvent.change(input, { target: { files: [new File(['not a png'], 'fake.png', { type: 'image/png' })] } });
    expect(await screen.findByText('The logo must be a PNG or JPEG image')).toBeInTheDocument();
    expect(latest).toEqual([]);

    fireEvent.change(input, { target: { files: [new File([PNG], 'logo.png', { type: 'image/png' })] } });
    const img = await screen.findByRole('img', { name: "The cover's logo" });
    expect(img.getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect((latest[0] as { logo: string }).logo).toBe(img.getAttribute('src'));
    expect(screen.getByText(/^PNG or JPEG, at most/)).toBeInTheDocument();
  });
});
