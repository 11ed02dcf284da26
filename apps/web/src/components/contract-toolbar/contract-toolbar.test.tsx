import type { TContract } from '@strata/shared';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ContractSelectionMode } from '../../lib/contract-selection';
import { renderWidget } from '../../test/render-widget';
import { setViewport, WIDTHS } from '../../test/viewport';
import { ContractToolbar } from './contract-toolbar';

function contract(id: number, active = true): TContract {
  return { contract_id: id, no: `T${300 + id}`, title: `Tunnel ${id}`, active, easting: null, northing: null, type: 4 };
}

const three = [contract(1, false), contract(2), contract(3)];

/**
 * The toolbar with its selection kept like an owner would; `changes` records every onChange. `styles`: the styles
 * in document.head, for a test that reads a computed style.
 */
function renderToolbar(mode: ContractSelectionMode, contracts: TContract[], initial: number[] = [], { styles = false } = {}) {
  const changes: number[][] = [];
  function Owner() {
    const [selected, setSelected] = useState(initial);
    return (
      <ContractToolbar
        contracts={contracts}
        selected={selected}
        mode={mode}
        onChange={(ids) => {
          changes.push(ids);
          setSelected(ids);
        }}
      />
    );
  }
  const { user } = renderWidget(<Owner />, { styles });
  const pressed = () => screen.queryAllByRole('button', { pressed: true }).map((button) => button.textContent);
  return { user, changes, pressed };
}

describe('contract toolbar', () => {
  it('shows each contract by its number, with its title as the description', async () => {
    setViewport(WIDTHS.desktop);
    const { user } = renderToolbar('clickable', three);
    const button = screen.getByRole('button', { name: 'T302' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/^Tunnel 2$/);
    expect(button).toHaveAccessibleDescription('Tunnel 2');
  });

  it('optional mode: clicking the selected contract deselects it', async () => {
    setViewport(WIDTHS.desktop);
    const { user, changes, pressed } = renderToolbar('optional', three, [2]);
    expect(pressed()).toEqual(['T302']);
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(pressed()).toEqual(['T303']);
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(pressed()).toEqual([]);
    expect(changes).toEqual([[3], []]);
  });

  it('default single mode: selects the first active contract and always keeps exactly one', async () => {
    setViewport(WIDTHS.desktop);
    const { user, changes, pressed } = renderToolbar('single', three);
    expect(pressed()).toEqual(['T302']);
    expect(changes).toEqual([[2]]);
    await user.click(screen.getByRole('button', { name: 'T302' }));
    expect(pressed()).toEqual(['T302']);
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(pressed()).toEqual(['T303']);
    // the inactive contract cannot be the one
    expect(screen.getByRole('button', { name: 'T301' })).toBeDisabled();
    expect(changes).toEqual([[2], [3]]);
  });

  it('clickable mode: toggles several contracts', async () => {
    setViewport(WIDTHS.desktop);
    const { user, changes, pressed } = renderToolbar('clickable', three, [3]);
    await user.click(screen.getByRole('button', { name: 'T301' }));
    await user.click(screen.getByRole('button', { name: 'T302' }));
    expect(pressed()).toEqual(['T301', 'T302', 'T303']);
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(changes).toEqual([
      [1, 3],
      [1, 2, 3],
      [1, 2],
    ]);
  });

  it('clickable mode: the last selected contract cannot be switched off (disabled, with a tooltip saying why)', async () => {
    setViewport(WIDTHS.desktop);
    const { user, changes, pressed } = renderToolbar('clickable', three, [2, 3]);
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(pressed()).toEqual(['T302']);
    const last = screen.getByRole('button', { name: 'T302' });
    expect(last.hasAttribute('disabled')).toBe(true);
    await user.hover(last.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Tunnel 2 · At least one contract stays selected');
    // Another one chosen, either may go again.
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(screen.getByRole('button', { name: 'T302' }).hasAttribute('disabled')).toBe(false);
    expect(changes).toEqual([[2], [2, 3]]);
  });

  it('emit-event mode: tells the owner at every click, one contract at most', async () => {
    setViewport(WIDTHS.desktop);
    const onChange = vi.fn();
    const { user } = renderWidget(<ContractToolbar contracts={three} selected={[2]} mode="emit-event" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'T302' }));
    await user.click(screen.getByRole('button', { name: 'T303' }));
    expect(onChange.mock.calls).toEqual([[[2]], [[3]]]);
  });

  it.each([
    ['xs', WIDTHS.phone, 0],
    ['sm', WIDTHS.sm, 4],
    ['md', WIDTHS.tablet, 6],
    ['lg', WIDTHS.desktop, 6],
    ['xl', WIDTHS.xl, 11],
  ])('shows %s screens %i px wide %i buttons and the rest in the overflow menu', async (_name, width, count) => {
    setViewport(width);
    const many = Array.from({ length: 14 }, (_, index) => contract(index + 1));
    // The menu's maximum height is read from the computed style.
    const { user } = renderToolbar('clickable', many, [1, 14], { styles: true });
    const group = screen.getByRole('group', { name: 'Contracts' });
    const buttons = within(group)
      .queryAllByRole('button', { pressed: false })
      .concat(within(group).queryAllByRole('button', { pressed: true }));
    expect(buttons).toHaveLength(count);
    const more = within(group).getByRole('button', { name: count === 0 ? 'Contracts (2/14)' : `More (${14 - count})` });
    await user.click(more);
    const menu = await screen.findByRole('menu', { name: 'Contracts' });
    const items = within(menu).getAllByRole('menuitemcheckbox');
    expect(items.map((item) => item.textContent?.slice(0, 4))).toEqual(many.slice(count).map((c) => c.no));
    const paper = menu.closest('.MuiPaper-root') as HTMLElement;
    expect(getComputedStyle(paper).maxHeight).toBe('220px');
    // a contract in the menu toggles like a button
    const last = within(menu).getByRole('menuitemcheckbox', { name: /T314/ });
    expect(last.getAttribute('aria-checked')).toBe('true');
    await user.click(last);
    expect(last.getAttribute('aria-checked')).toBe('false');
  });
});
