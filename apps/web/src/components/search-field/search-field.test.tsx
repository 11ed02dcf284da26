import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { LoadError } from '../query-states';
import { Section } from '../section';
import { SearchField } from './search-field';

describe('search field', () => {
  it('searches on Enter with the trimmed text, not while typing', async () => {
    const onSearch = vi.fn();
    const { user } = renderWidget(<SearchField label="Search users" value="" onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  tan ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('tan');
  });

  it('refuses unsafe text with the spec message and does not search', async () => {
    const onSearch = vi.fn();
    const { user } = renderWidget(<SearchField label="Search" value="" onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), '<script>{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('clears the search with its clear button', async () => {
    const onSearch = vi.fn();
    const { user } = renderWidget(<SearchField label="Search" value="tan" onSearch={onSearch} />);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSearch).toHaveBeenCalledWith('');
  });
});

describe('page parts', () => {
  it('a titled section is a region named by its title', () => {
    renderWidget(<Section title="Uploads">body</Section>);
    expect(screen.getByRole('region', { name: 'Uploads' }).textContent).toContain('body');
    expect(screen.getByRole('heading', { level: 2, name: 'Uploads' })).toBeInTheDocument();
  });

  it('a load error offers a retry that runs', async () => {
    const onRetry = vi.fn();
    const { user } = renderWidget(<LoadError error={new Error('offline')} onRetry={onRetry} />);
    expect(screen.getByText('Failed to fetch data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
