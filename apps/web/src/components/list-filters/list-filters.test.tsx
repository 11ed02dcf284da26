import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { ListFilters } from './list-filters';

describe('ListFilters', () => {
  it('puts the search first and every other filter after it, in the order given', () => {
    renderWidget(
      <ListFilters search={<input aria-label="Search" />}>
        <input aria-label="Contract" />
        <input aria-label="Type" />
      </ListFilters>,
    );
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('aria-label'))).toEqual(['Search', 'Contract', 'Type']);
  });

  it('shows a lone search field without other filters', () => {
    renderWidget(<ListFilters search={<input aria-label="Search" />} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
  });
});
