import type { TInstrumentIcons } from '@strata/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, server } from '../../../test/server';
import { fill, LEVELS, renderInstruments, serveMasterData } from '../test-fixtures';

const ICONS: TInstrumentIcons = {
  icons: ['circle', 'square', 'triangle', 'diamond'],
  records: [
    { type_code: 'SM', name: 'Settlement Marker', icon: 'circle', icon_color: '#018e27' },
    { type_code: 'INC', name: 'Inclinometer', icon: 'triangle', icon_color: '#0471d1' },
  ],
  level_colors: LEVELS.map((l) => ({ code: l.code, color: l.color, severity: l.severity })),
};

describe('Instrument Icon', { timeout: 45_000 }, () => {
  it('shows each type’s icon in its normal colour and in each level’s colour', async () => {
    serveMasterData();
    server.use(http.get(api('/master-data/icons'), () => HttpResponse.json(ICONS)));
    renderInstruments('/en/master-data/icon');
    const card = await screen.findByRole('region', { name: 'Inclinometer' }, { timeout: 8000 });
    const previews = within(card).getAllByRole('img');
    expect(previews.map((img) => img.getAttribute('alt'))).toEqual(['Inclinometer, Normal', 'Inclinometer, AL', 'Inclinometer, WSL']);
    expect(previews.map((img) => img.getAttribute('data-color'))).toEqual(['#0471d1', '#f57c00', '#b71c1c']);
    expect(previews.every((img) => img.getAttribute('data-icon') === 'triangle')).toBe(true);
  });

  it('changes a type’s icon to one of the built-in icons', async () => {
    serveMasterData();
    const sent: unknown[] = [];
    let current = ICONS;
    server.use(
      http.get(api('/master-data/icons'), () => HttpResponse.json(current)),
      http.put(api('/master-data/icons/:code'), async ({ params, request }) => {
        const body = (await request.json()) as { icon: string; icon_color: string };
        sent.push({ code: params.code, ...body });
        current = { ...current, records: current.records.map((r) => (r.type_code === params.code ? { ...r, ...body } : r)) };
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderInstruments('/en/master-data/icon');
    await user.click(await screen.findByRole('button', { name: 'Change icon of Settlement Marker' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Icon of Settlement Marker' });
    // Only the icons the server accepts are offered.
    expect(
      within(dialog)
        .getAllByRole('button', { pressed: false })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Square', 'Triangle', 'Diamond']);
    await user.click(within(dialog).getByRole('button', { name: 'Diamond' }));
    const hex = within(dialog).getByRole('textbox', { name: 'Colour (#RRGGBB)' });
    await user.clear(hex);
    await fill(user, hex, '#12345');
    expect(within(dialog).getByText('Enter a colour as #RRGGBB')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(hex, '6');
    expect(
      within(dialog)
        .getAllByRole('img')
        .every((img) => img.getAttribute('data-icon') === 'diamond'),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Icon of Settlement Marker saved');
    expect(sent).toEqual([{ code: 'SM', icon: 'diamond', icon_color: '#123456' }]);
    const card = await screen.findByRole('region', { name: 'Settlement Marker' });
    expect(within(card).getAllByRole('img')[0]!.getAttribute('data-icon')).toBe('diamond');
  });
});
